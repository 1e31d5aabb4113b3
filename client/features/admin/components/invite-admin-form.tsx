import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ZInviteInput } from '#shared/admin/admin.schemas';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardHeader } from '#client/components/ui/card';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { serverMessage } from '#client/lib/api-client';
import { toast } from '#client/lib/toast';
import { useInviteAdmin } from '../api/invitations';

type InviteDraft = z.input<typeof ZInviteInput>;

/** Another admin, by email: they choose a password through the mailed link. */
export function InviteAdminForm() {
  const invite = useInviteAdmin();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<InviteDraft, unknown, z.output<typeof ZInviteInput>>({
    resolver: zodResolver(ZInviteInput),
    defaultValues: { email: '' },
  });

  // The field's value is trimmed (setValueAs below): the schema checks the address before its own trim, as on the server.
  const onSubmit = handleSubmit(({ email }) =>
    invite.mutate(email, {
      onSuccess: (r) => {
        toast({ title: 'Invitation sent', description: r.message });
        reset();
      },
      onError: (err) => {
        if (err.name !== 'ConfirmationCancelled')
          setError('email', { type: 'server', message: serverMessage(err) ?? err.message });
      },
    }),
  );

  return (
    <Card className="mt-6">
      <CardHeader>
        <h2 className="text-base font-semibold">Invite an admin</h2>
      </CardHeader>
      <CardContent>
        <form noValidate aria-label="Invite an admin" className="flex flex-wrap items-end gap-3" onSubmit={onSubmit}>
          <div className="min-w-64 flex-1">
            <FormField
              id="invite-email"
              label="Email"
              error={errors.email?.message}
              hint="An admin account of its own: not a member's address."
            >
              {(control) => (
                <Input
                  {...control}
                  {...register('email', { setValueAs: (v: string) => v.trim() })}
                  type="email"
                  autoComplete="off"
                  required
                />
              )}
            </FormField>
          </div>
          <Button type="submit" variant="outline" loading={invite.isPending} loadingText="Sending…">
            Send invitation
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
