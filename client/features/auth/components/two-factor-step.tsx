import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { ZTwoFactorCode, type TTwoFactorCode } from '#shared/auth/two-factor.schemas';
import { Alert } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { isApiError } from '#client/lib/api-client';
import { adminLoginErrorMessage, useAdminLoginCode } from '../api/admin-login';

/**
 * The admin login's second step when two-factor is on (decision 033): the app's code or a
 * recovery code. An expired challenge sends the admin back to the password.
 */
export function TwoFactorStep({
  challenge,
  onSignedIn,
  onRestart,
  busy,
}: {
  challenge: string;
  onSignedIn: () => void;
  onRestart: (why?: string) => void;
  busy: boolean;
}) {
  const loginCode = useAdminLoginCode();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TTwoFactorCode>({ resolver: zodResolver(ZTwoFactorCode), defaultValues: { code: '' } });

  const onSubmit = handleSubmit(({ code }) =>
    loginCode.mutate(
      { challenge, code },
      {
        onSuccess: onSignedIn,
        onError: (err) => {
          if (isApiError(err, 400) && err.body?.code === 'TOKEN_INVALID') onRestart(adminLoginErrorMessage(err));
        },
      },
    ),
  );

  return (
    <>
      <div className="mb-6 flex flex-col items-center gap-3 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-700 dark:bg-indigo-950/60 dark:text-indigo-300">
          <KeyRound aria-hidden="true" className="size-6" />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-white">
          Two-factor authentication
        </h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Open your authenticator app and enter the code it shows for this account.
        </p>
      </div>
      <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Two-factor code">
        {loginCode.isError && !errors.code ? (
          <Alert tone="error">{adminLoginErrorMessage(loginCode.error)}</Alert>
        ) : null}
        <FormField
          id="admin-two-factor-code"
          label="Authentication code"
          error={errors.code?.message}
          hint="Six digits from the app, or one of your recovery codes."
        >
          {(c) => (
            <Input
              {...c}
              {...register('code')}
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              autoFocus
            />
          )}
        </FormField>
        <Button
          type="submit"
          size="lg"
          className="w-full"
          loading={loginCode.isPending || busy}
          loadingText="Checking…"
        >
          Verify
        </Button>
        <Button type="button" variant="ghost" className="w-full" onClick={() => onRestart()}>
          Back to email and password
        </Button>
      </form>
    </>
  );
}
