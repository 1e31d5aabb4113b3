import { MailCheck } from 'lucide-react';
import { Link } from 'react-router';
import { VERIFY_TOKEN_HOURS } from '#shared/constants';
import { AuthMessage } from '#client/components/auth-shell';
import { Alert } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { serverMessage } from '#client/lib/api-client';
import { useResendVerification } from '../api/resend-verification';

/** docs/spec.md §4: after registering, the account waits for its email to be verified. */
export function VerifyEmailPanel({
  email,
  onDifferentEmail,
  onBackToLogin,
}: {
  email: string;
  onDifferentEmail: () => void;
  onBackToLogin: () => void;
}) {
  const resend = useResendVerification();
  return (
    <AuthMessage
      icon={<MailCheck aria-hidden="true" className="size-6" />}
      tone="info"
      title="Verify Your Email"
      actions={
        <>
          {resend.isSuccess ? <Alert tone="success">{resend.data.message}</Alert> : null}
          {resend.isError ? (
            <Alert tone="error">
              {serverMessage(resend.error) ?? 'Could not send the email. Please try again later.'}
            </Alert>
          ) : null}
          <Button
            variant="outline"
            size="lg"
            loading={resend.isPending}
            loadingText="Sending…"
            onClick={() => resend.mutate({ email })}
          >
            Resend email
          </Button>
          <Button size="lg" onClick={onBackToLogin}>
            Back to Login
          </Button>
        </>
      }
    >
      <p>
        We sent a verification link to <strong className="font-semibold text-zinc-900 dark:text-white">{email}</strong>.
      </p>
      <p>Open it to activate your account, then log in. The link works for {VERIFY_TOKEN_HOURS} hours.</p>
      <p>
        Wrong address?{' '}
        <Link
          to="/auth?tab=register"
          onClick={onDifferentEmail}
          className="font-medium text-indigo-700 underline underline-offset-2 dark:text-indigo-300"
        >
          Try a different email
        </Link>
      </p>
    </AuthMessage>
  );
}
