import { CircleCheck, CircleX, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ZToken } from '#shared/auth/auth.schemas';
import { RESET_TOKEN_HOURS } from '#shared/constants';
import { AuthCard, AuthMessage, AuthShell } from '#client/components/auth-shell';
import { Button, buttonClasses } from '#client/components/ui/button';
import { toast } from '#client/lib/toast';
import { NewPasswordForm } from './new-password-form';
import { RequestResetForm } from './request-reset-form';

type Outcome = { kind: 'sent'; email: string } | { kind: 'reset' } | { kind: 'error'; message: string };

const backToLogin = (
  <Link to="/auth" className={buttonClasses('primary', 'lg')}>
    Back to Login
  </Link>
);

/** /reset-password: request mode, or reset mode when the address carries a token (docs/spec.md §2). */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  // A new address (e.g. "Request a new link") starts the flow afresh.
  return <ResetPasswordFlow key={token ?? ''} token={token} />;
}

function ResetPasswordFlow({ token }: { token: string | null }) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [email, setEmail] = useState('');

  const checkedToken = token === null ? null : ZToken.safeParse(token);
  const tokenProblem = checkedToken && !checkedToken.success ? checkedToken.error.issues[0]?.message : undefined;
  const state = tokenProblem ? ({ kind: 'error', message: tokenProblem } as const) : outcome;
  const retry = tokenProblem ? undefined : () => setOutcome(null);

  return (
    <AuthShell title="Reset password">
      <AuthCard>
        {state?.kind === 'sent' ? (
          <AuthMessage
            tone="success"
            icon={<MailCheck aria-hidden="true" className="size-6" />}
            title="Check your email"
            actions={backToLogin}
          >
            <p>
              If an account exists for <strong className="text-zinc-900 dark:text-white">{state.email}</strong>, we have
              sent it a link to reset your password. The link works for {RESET_TOKEN_HOURS} hour.
            </p>
          </AuthMessage>
        ) : state?.kind === 'reset' ? (
          <AuthMessage
            tone="success"
            icon={<CircleCheck aria-hidden="true" className="size-6" />}
            title="Password reset"
            actions={
              <Link to="/auth" className={buttonClasses('primary', 'lg')}>
                Go to Login
              </Link>
            }
          >
            <p>Your password has been changed. You can now log in with your new password.</p>
          </AuthMessage>
        ) : state?.kind === 'error' ? (
          <AuthMessage
            tone="error"
            icon={<CircleX aria-hidden="true" className="size-6" />}
            title={token === null ? 'Could not send reset link' : 'Password reset failed'}
            actions={
              <>
                {retry ? (
                  <Button size="lg" onClick={retry}>
                    Try again
                  </Button>
                ) : null}
                {token !== null ? (
                  <Link to="/reset-password" className={buttonClasses('outline', 'lg')}>
                    Request a new link
                  </Link>
                ) : null}
                <Link to="/auth" className={buttonClasses('ghost', 'lg')}>
                  Back to Login
                </Link>
              </>
            }
          >
            <p role="alert">{state.message}</p>
          </AuthMessage>
        ) : token !== null ? (
          <>
            <FormHeading title="Choose a new password" text="Enter a new password for your account." />
            <NewPasswordForm
              token={token}
              onDone={() => setOutcome({ kind: 'reset' })}
              onFailed={(message) => setOutcome({ kind: 'error', message })}
            />
          </>
        ) : (
          <>
            <FormHeading
              title="Reset your password"
              text="Enter the email address of your account and we will send you a link to choose a new password."
            />
            <RequestResetForm
              initialEmail={email}
              onSent={(sentTo, message) => {
                setEmail(sentTo);
                toast({ title: 'Reset link sent', description: message });
                setOutcome({ kind: 'sent', email: sentTo });
              }}
              onFailed={(failedFor, message) => {
                setEmail(failedFor);
                setOutcome({ kind: 'error', message });
              }}
            />
            <p className="mt-6 text-center text-sm text-zinc-600 dark:text-zinc-400">
              Remembered it?{' '}
              <Link
                to="/auth"
                className="font-medium text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300"
              >
                Back to Login
              </Link>
            </p>
          </>
        )}
      </AuthCard>
    </AuthShell>
  );
}

function FormHeading({ title, text }: { title: string; text: string }) {
  return (
    <div className="mb-6 space-y-1 text-center">
      <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-white">{title}</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{text}</p>
    </div>
  );
}
