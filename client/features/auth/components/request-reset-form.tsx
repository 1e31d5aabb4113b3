import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ZRequestReset, type TRequestReset } from '#shared/auth/auth.schemas';
import { Button } from '#client/components/ui/button';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { applyFieldErrors } from '#client/lib/form-errors';
import { requestResetErrorMessage, useRequestPasswordReset } from '../api/request-password-reset';

export function RequestResetForm({
  initialEmail = '',
  onSent,
  onFailed,
}: {
  initialEmail?: string;
  onSent: (email: string, message: string) => void;
  onFailed: (email: string, message: string) => void;
}) {
  const request = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TRequestReset>({ resolver: zodResolver(ZRequestReset), defaultValues: { email: initialEmail } });

  const onSubmit = handleSubmit(({ email }) =>
    request.mutate(
      { email },
      {
        onSuccess: (answer) => onSent(email, answer.message),
        onError: (err) => {
          if (!applyFieldErrors(err, setError, ['email'])) onFailed(email, requestResetErrorMessage(err));
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Request a password reset link">
      <FormField id="reset-email" label="Email" error={errors.email?.message}>
        {(c) => <Input {...c} {...register('email')} type="email" autoComplete="email" inputMode="email" />}
      </FormField>
      <Button type="submit" size="lg" className="w-full" loading={request.isPending} loadingText="Sending link…">
        Send reset link
      </Button>
    </form>
  );
}
