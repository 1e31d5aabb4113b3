import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import type { TTalentDetail } from '#shared/talent/talent.schemas';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { FormField } from '#client/components/ui/form-field';
import { Select } from '#client/components/ui/select';
import { serverMessage } from '#client/lib/api-client';
import { toast } from '#client/lib/toast';
import { useInviteToBid } from '../api/gig-mutations';

/**
 * "Invite to bid" on a talent's page: the viewer picks one of their own open gigs; a gig this
 * talent was invited to already stays listed but cannot be picked again.
 */
export function InviteToBid({ talent }: { talent: Pick<TTalentDetail, 'id' | 'fullName' | 'invitableGigs'> }) {
  const invite = useInviteToBid(talent.id);
  const firstOpen = talent.invitableGigs.find((g) => !g.invited)?.id ?? '';
  // No schema: the list offers only the viewer's own gigs, and the server says if one is no longer open.
  const { control, register, handleSubmit, setError, formState } = useForm({ defaultValues: { gigId: '' } });
  // The pick holds while that gig is still open to invite; otherwise (nothing picked yet, or just invited) the first open one.
  const chosen = useWatch({ control, name: 'gigId' });
  const gigId = talent.invitableGigs.some((g) => g.id === chosen && !g.invited) ? chosen : firstOpen;
  const onSubmit = handleSubmit(() => {
    const gig = talent.invitableGigs.find((g) => g.id === gigId);
    if (!gig) return;
    invite.mutate(gig.id, {
      onSuccess: () => toast({ title: `${talent.fullName} is invited to bid on "${gig.title}"` }),
      onError: (err) =>
        setError('gigId', {
          type: 'server',
          message: serverMessage(err) ?? 'Could not send the invitation. Please try again.',
        }),
    });
  });
  return (
    <Card className="p-5">
      <h2 id="invite-to-bid" className="mb-3 text-lg font-semibold text-zinc-900 dark:text-white">
        Invite to bid
      </h2>
      {talent.invitableGigs.length === 0 ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          You have no open gigs.{' '}
          <Link
            to="/gigs?tab=post"
            className="font-medium text-indigo-700 underline underline-offset-2 dark:text-indigo-300"
          >
            Post a gig
          </Link>{' '}
          to invite {talent.fullName} to bid on it.
        </p>
      ) : (
        <form
          noValidate
          onSubmit={onSubmit}
          aria-labelledby="invite-to-bid"
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
        >
          <div className="min-w-0 flex-1">
            <FormField
              id="invite-gig"
              label="Your open gig"
              hint={firstOpen ? undefined : `${talent.fullName} is invited to every gig you have open.`}
              error={formState.errors.gigId?.message}
            >
              {(c) => (
                <Select {...c} {...register('gigId')} value={gigId}>
                  {talent.invitableGigs.map((g) => (
                    <option key={g.id} value={g.id} disabled={g.invited}>
                      {g.invited ? `${g.title} (invited)` : g.title}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
          </div>
          <Button type="submit" loading={invite.isPending} disabled={!gigId}>
            Invite to bid
          </Button>
        </form>
      )}
    </Card>
  );
}
