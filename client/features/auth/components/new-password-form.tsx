import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ZNewPasswordForm, type TNewPasswordForm } from '#shared/auth/auth.schemas';
import { Button } from '#client/components/ui/button';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { applyFieldErrors } from '#client/lib/form-errors';
import { resetErrorMessage, useResetPassword } from '../api/reset-password';

export function NewPasswordForm({
  token,
  onDone,
  onFailed,
}: {
  token: string;
  onDone: () => void;
  onFailed: (message: string) => void;
}) {
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TNewPasswordForm>({
    resolver: zodResolver(ZNewPasswordForm),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(({ password }) =>
    reset.mutate(
      { token, password },
      {
        onSuccess: onDone,
        onError: (err) => {
          if (!applyFieldErrors(err, setError, ['password'])) onFailed(resetErrorMessage(err));
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Choose a new password">
      <FormField id="new-password" label="New password" error={errors.password?.message}>
        {(c) => <Input {...c} {...register('password')} type="password" autoComplete="new-password" />}
      </FormField>
      <FormField id="new-confirmPassword" label="Confirm new password" error={errors.confirmPassword?.message}>
        {(c) => <Input {...c} {...register('confirmPassword')} type="password" autoComplete="new-password" />}
      </FormField>
      <Button type="submit" size="lg" className="w-full" loading={reset.isPending} loadingText="Resetting password…">
        Reset password
      </Button>
    </form>
  );
}
