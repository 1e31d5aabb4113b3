import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { DELETION_GRACE_DAYS, ZDeleteAccountInput, type TDeleteAccountInput } from '#shared/privacy/privacy.schemas';
import { Alert } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { serverMessage } from '#client/lib/api-client';
import { formatDate } from '#client/lib/format-date';
import { applyFieldErrors } from '#client/lib/form-errors';
import { useCancelDeletion, useDeletion, useRequestDeletion } from '../api/deletion';

function PasswordConfirm({ onDone }: { onDone: () => void }) {
  const request = useRequestDeletion();
  const { register, handleSubmit, setError, formState } = useForm<TDeleteAccountInput>({
    resolver: zodResolver(ZDeleteAccountInput),
    defaultValues: { password: '' },
  });
  const onSubmit = handleSubmit((values) =>
    request.mutate(values, { onSuccess: onDone, onError: (err) => applyFieldErrors(err, setError, ['password']) }),
  );
  const refusal =
    request.error && !formState.errors.password
      ? (serverMessage(request.error) ?? 'Your request could not be sent. Please try again.')
      : undefined;
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Delete my account"
      className="space-y-4 rounded-lg border border-red-200 p-4 dark:border-red-900/60"
    >
      <FormField
        id="delete-password"
        label="Your password"
        hint="To confirm it is you."
        error={formState.errors.password?.message}
      >
        {(c) => <Input {...c} {...register('password')} type="password" autoComplete="current-password" autoFocus />}
      </FormField>
      {refusal ? <Alert tone="error">{refusal}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <Button type="button" variant="outline" onClick={onDone}>
          Keep my account
        </Button>
        <Button type="submit" variant="destructive" loading={request.isPending} loadingText="Scheduling…">
          Delete my account
        </Button>
      </div>
    </form>
  );
}

/** "Delete my account": scheduled with the password, erased seven days later unless cancelled or the member signs in. */
export function DeleteAccount() {
  const deletion = useDeletion();
  const cancel = useCancelDeletion();
  const [confirming, setConfirming] = useState(false);
  const scheduledFor = deletion.data?.scheduledFor;
  if (scheduledFor) {
    return (
      <div className="space-y-3" data-testid="deletion-scheduled">
        <Alert tone="error">
          Your account will be deleted on <strong>{formatDate(scheduledFor)}</strong>. Until then you can cancel here,
          or simply sign in again.
        </Alert>
        <Button variant="outline" loading={cancel.isPending} loadingText="Cancelling…" onClick={() => cancel.mutate()}>
          Cancel deletion
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Your profile, courses progress, certificates, notifications and files are erased {DELETION_GRACE_DAYS} days
        after you ask; signing in before then cancels it. Payment and refund records are kept, as the law requires,
        without your name. Your username stays reserved for 90 days.
      </p>
      {cancel.isSuccess ? <Alert tone="success">Deletion cancelled: your account stays.</Alert> : null}
      {confirming ? (
        <PasswordConfirm onDone={() => setConfirming(false)} />
      ) : (
        <Button variant="ghost-destructive" onClick={() => setConfirming(true)}>
          Delete my account…
        </Button>
      )}
    </div>
  );
}
