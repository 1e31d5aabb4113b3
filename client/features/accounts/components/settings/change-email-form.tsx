import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ZChangeEmail, type TChangeEmail } from '#shared/accounts/security.schemas';
import { Alert } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { serverMessage } from '#client/lib/api-client';
import { applyFieldErrors } from '#client/lib/form-errors';
import { useCancelEmailChange } from '#client/features/accounts/api/cancel-email-change';
import { usePendingEmail } from '#client/features/accounts/api/get-pending-email';
import { useRequestEmailChange } from '#client/features/accounts/api/request-email-change';

const EMPTY: TChangeEmail = { newEmail: '', password: '' };

export function ChangeEmailForm() {
  const pending = usePendingEmail().data?.pending;
  const request = useRequestEmailChange();
  const cancel = useCancelEmailChange();
  const [failure, setFailure] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<TChangeEmail>({ resolver: zodResolver(ZChangeEmail), defaultValues: EMPTY });

  const onSubmit = handleSubmit((body) => {
    setFailure(undefined);
    request.mutate(body, {
      onSuccess: () => reset(EMPTY),
      onError: (err) => {
        if (!applyFieldErrors(err, setError, ['newEmail', 'password']))
          setFailure(serverMessage(err) ?? 'Failed to change the email.');
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-labelledby="email-heading">
      <div>
        <h3 id="email-heading" className="font-semibold text-zinc-900 dark:text-white">
          Change email
        </h3>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          The new address takes over once you open the link we mail to it.
        </p>
      </div>
      {pending ? (
        <Alert tone="info">
          <p className="break-words">
            Waiting for confirmation of <span className="font-medium break-words">{pending.email}</span>. Open the link
            we sent there.
          </p>
          <Button
            type="button"
            variant="link"
            className="mt-1 h-auto p-0"
            loading={cancel.isPending}
            onClick={() => cancel.mutate()}
          >
            Cancel
          </Button>
        </Alert>
      ) : null}
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <FormField id="security-newEmail" label="New email" error={errors.newEmail?.message}>
        {(c) => <Input {...c} {...register('newEmail')} type="email" autoComplete="email" />}
      </FormField>
      <FormField id="security-emailPassword" label="Password" error={errors.password?.message}>
        {(c) => <Input {...c} {...register('password')} type="password" autoComplete="current-password" />}
      </FormField>
      <Button type="submit" loading={request.isPending} loadingText="Sending link…">
        Send confirmation link
      </Button>
    </form>
  );
}
