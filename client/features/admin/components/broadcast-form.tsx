import { zodResolver } from '@hookform/resolvers/zod';
import { Megaphone } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  BROADCAST_ROLES,
  BROADCAST_TYPE_LABELS,
  BROADCAST_TYPES,
  draftToInput,
  ZBroadcastDraft,
  type TBroadcastDraft,
  type TBroadcastInput,
} from '#shared/notifications/broadcasts.schemas';
import { ROLE_LABELS } from '#shared/roles';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '#client/components/ui/card';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
import { FieldError, FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { Select } from '#client/components/ui/select';
import { Textarea } from '#client/components/ui/textarea';
import { applyFieldErrors } from '#client/lib/form-errors';
import { useSendBroadcast } from '../api/send-broadcast';

const EMPTY: TBroadcastDraft = { title: '', message: '', type: 'admin_broadcast', target: 'all', roles: [], link: '' };
const FIELDS = ['title', 'message', 'type', 'roles', 'link'] as const;
const choice = 'flex items-center gap-2 text-sm text-zinc-800 dark:text-zinc-200';
const box = 'size-4 accent-indigo-600';

/** Sends an announcement or a system update to everyone or to the members holding some roles. */
export function BroadcastForm() {
  const send = useSendBroadcast();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ZBroadcastDraft), defaultValues: EMPTY });
  const byRole = useWatch({ control, name: 'target' }) === 'roles';

  // Reaching every member cannot be taken back: the valid form waits for a confirmation (issue 26).
  const [pending, setPending] = useState<TBroadcastInput | null>(null);
  const onSubmit = handleSubmit((values) => setPending(draftToInput(values)));
  const confirm = () => {
    if (!pending || send.isPending) return;
    send.mutate(pending, {
      onSuccess: () => reset(EMPTY),
      onError: (err) => applyFieldErrors(err, setError, FIELDS),
      onSettled: () => setPending(null),
    });
  };
  const audience = pending?.roles?.length
    ? `every member holding ${pending.roles.map((r) => ROLE_LABELS[r]).join(' or ')}`
    : 'every member (admins excluded)';

  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-2 text-base font-semibold">
          <Megaphone aria-hidden="true" className="size-5 text-indigo-700 dark:text-indigo-300" />
          Send a broadcast
        </h2>
        <CardDescription>
          Every member it targets gets it as a notification at once, and by email unless they turned that kind of
          notification off.
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
            <FormField id="broadcast-type" label="Type" error={errors.type?.message}>
              {(c) => (
                <Select {...c} {...register('type')}>
                  {BROADCAST_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {BROADCAST_TYPE_LABELS[t]}
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
                <Input {...c} {...register('link')} placeholder="/courses" autoComplete="off" spellCheck={false} />
              )}
            </FormField>
          </div>
          <fieldset className="space-y-2" aria-describedby={errors.roles ? 'broadcast-roles-error' : undefined}>
            <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">Who receives it</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              <label className={choice}>
                <input type="radio" className={box} value="all" {...register('target')} />
                Everyone (admins excluded)
              </label>
              <label className={choice}>
                <input type="radio" className={box} value="roles" {...register('target')} />
                Members holding any of these roles
              </label>
            </div>
            {byRole ? (
              <div
                role="group"
                aria-label="Roles"
                className="grid grid-cols-2 gap-2 rounded-lg border border-zinc-200 p-3 sm:grid-cols-4 dark:border-zinc-800"
              >
                {BROADCAST_ROLES.map((role) => (
                  <label key={role} className={choice}>
                    <input type="checkbox" className={box} value={role} {...register('roles')} />
                    {ROLE_LABELS[role]}
                  </label>
                ))}
              </div>
            ) : null}
            {errors.roles?.message ? <FieldError id="broadcast-roles-error">{errors.roles.message}</FieldError> : null}
          </fieldset>
          <div className="flex justify-end">
            <Button type="submit" loading={send.isPending} loadingText="Sending…">
              Send broadcast
            </Button>
          </div>
        </form>
        <ConfirmDialog
          open={pending !== null}
          onOpenChange={(open) => (open || send.isPending ? undefined : setPending(null))}
          title="Send this broadcast?"
          description={
            <>
              <p>
                &ldquo;{pending?.title}&rdquo; goes to {audience} at once, and by email to those who want it.
              </p>
              <p>A broadcast cannot be taken back.</p>
            </>
          }
          confirmText="Send now"
          loading={send.isPending}
          loadingText="Sending…"
          onConfirm={confirm}
        />
      </CardContent>
    </Card>
  );
}
