import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ZResendVerification } from '#shared/auth/auth.schemas';
import { Alert } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { applyFieldErrors } from '#client/lib/form-errors';
import { serverMessage } from '#client/lib/api-client';
import { useResendVerification } from '../api/resend-verification';

/** A fresh link for someone whose link expired or was already used. */
export function ResendVerificationForm() {
  const resend = useResendVerification();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ZResendVerification), defaultValues: { email: '' } });

  const onSubmit = handleSubmit((values) =>
    resend.mutate(values, { onError: (err) => applyFieldErrors(err, setError, ['email']) }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4 text-left" aria-label="Resend verification email">
      <h2 className="text-sm font-semibold text-zinc-900 dark:text-white">Need a new link?</h2>
      <FormField id="resend-email" label="Email" error={errors.email?.message}>
        {(c) => <Input {...c} {...register('email')} type="email" autoComplete="email" inputMode="email" />}
      </FormField>
      {resend.isSuccess ? <Alert tone="success">{resend.data.message}</Alert> : null}
      {resend.isError && !errors.email ? (
        <Alert tone="error">{serverMessage(resend.error) ?? 'Could not send the email. Please try again later.'}</Alert>
      ) : null}
      <Button type="submit" variant="outline" className="w-full" loading={resend.isPending} loadingText="Sending…">
        Resend verification email
      </Button>
    </form>
  );
}
