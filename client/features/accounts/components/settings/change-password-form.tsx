import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ZChangePasswordForm, type TChangePasswordForm } from '#shared/accounts/security.schemas';
import { Alert } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { serverMessage } from '#client/lib/api-client';
import { applyFieldErrors } from '#client/lib/form-errors';
import { useChangePassword } from '#client/features/accounts/api/change-password';

const EMPTY: TChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordForm() {
  const change = useChangePassword();
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<TChangePasswordForm>({ resolver: zodResolver(ZChangePasswordForm), defaultValues: EMPTY });

  const onSubmit = handleSubmit(({ currentPassword, newPassword }) => {
    setDone(false);
    setFailure(undefined);
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          reset(EMPTY);
          setDone(true);
        },
        onError: (err) => {
          if (!applyFieldErrors(err, setError, ['currentPassword', 'newPassword']))
            setFailure(serverMessage(err) ?? 'Failed to change the password.');
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-labelledby="password-heading">
      <div>
        <h3 id="password-heading" className="font-semibold text-zinc-900 dark:text-white">
          Change password
        </h3>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          Every other device is logged out; this one stays signed in.
        </p>
      </div>
      {done ? <Alert tone="success">Password changed. Your other sessions have been logged out.</Alert> : null}
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <FormField id="security-currentPassword" label="Current password" error={errors.currentPassword?.message}>
        {(c) => <Input {...c} {...register('currentPassword')} type="password" autoComplete="current-password" />}
      </FormField>
      <FormField id="security-newPassword" label="New password" error={errors.newPassword?.message}>
        {(c) => <Input {...c} {...register('newPassword')} type="password" autoComplete="new-password" />}
      </FormField>
      <FormField id="security-confirmPassword" label="Confirm new password" error={errors.confirmPassword?.message}>
        {(c) => <Input {...c} {...register('confirmPassword')} type="password" autoComplete="new-password" />}
      </FormField>
      <Button type="submit" loading={change.isPending} loadingText="Changing password…">
        Change password
      </Button>
    </form>
  );
}
