import { zodResolver } from '@hookform/resolvers/zod';
import { Megaphone } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ZBroadcastInput } from '../../../../shared/notifications/broadcasts.schemas';
import { ZNotificationLink } from '../../../../shared/notifications/notifications.schemas';
import { ROLE_LABELS, ROLES } from '../../../../shared/roles';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useSendBroadcast } from '../api/send-broadcast';

/**
 * The shared schema, except that a blank link field means no link: the API wants it left out,
 * but a text input always holds a string, and an emptied form must show an empty field.
 */
const ZBroadcastForm = ZBroadcastInput.extend({
  link: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), ZNotificationLink.optional()),
});
type BroadcastDraft = z.input<typeof ZBroadcastForm>;

const EMPTY: BroadcastDraft = { title: '', message: '', audience: 'all', link: '' };
const FIELDS = ['title', 'message', 'audience', 'link'] as const;

/** Sends an admin_broadcast notification to everyone or to the members of one role. */
export function BroadcastForm() {
  const send = useSendBroadcast();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ZBroadcastForm), defaultValues: EMPTY });

  const onSubmit = handleSubmit((values) =>
    send.mutate(values, {
      onSuccess: () => reset(EMPTY),
      onError: (err) => applyFieldErrors(err, setError, FIELDS),
    }),
  );

  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-2 text-base font-semibold">
          <Megaphone aria-hidden="true" className="size-5 text-indigo-700 dark:text-indigo-300" />
          Send a broadcast
        </h2>
        <CardDescription>
          Every member of the audience gets it as a notification at once, and by email unless they turned
          announcements off.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} aria-label="Send a broadcast" className="space-y-4">
          <FormField id="broadcast-title" label="Title" error={errors.title?.message}>
            {(c) => <Input {...c} {...register('title')} maxLength={200} autoComplete="off" />}
          </FormField>
          <FormField id="broadcast-message" label="Message" error={errors.message?.message}>
            {(c) => <Textarea {...c} {...register('message')} rows={4} maxLength={2000} />}
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="broadcast-audience" label="Audience" error={errors.audience?.message}>
              {(c) => (
                <Select {...c} {...register('audience')}>
                  <option value="all">Everyone</option>
                  {ROLES.map((role) => (
                    <option key={role} value={role}>
                      {ROLE_LABELS[role]}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
            <FormField
              id="broadcast-link"
              label="Link (optional)"
              hint="A page of this app, such as /courses"
              error={errors.link?.message}
            >
              {(c) => (
                <Input
                  {...c}
                  {...register('link')}
                  placeholder="/courses"
                  autoComplete="off"
                  spellCheck={false}
                />
              )}
            </FormField>
          </div>
          <div className="flex justify-end">
            <Button type="submit" loading={send.isPending} loadingText="Sending…">
              Send broadcast
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
