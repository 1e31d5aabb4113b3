import { CircleCheck, CircleX } from 'lucide-react';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthCard, AuthMessage, AuthShell } from '#client/components/auth-shell';
import { Button } from '#client/components/ui/button';
import { PageSpinner } from '#client/components/ui/spinner';
import { API_BASE_URL } from '#client/lib/env';
import { ResendVerificationForm } from './resend-verification-form';
import { verifyStateFromParams } from './verify-email-state';

/** /verify-email: loading, success or failure (docs/spec.md §2). */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const state = verifyStateFromParams(params, navigator.onLine, API_BASE_URL);
  const redirectTo = state.kind === 'loading' ? state.redirectTo : undefined;

  useEffect(() => {
    // The server checks the token and redirects back here with success=true or error.
    if (redirectTo) window.location.assign(redirectTo);
  }, [redirectTo]);

  const toLogin = () => void navigate('/auth');

  return (
    <AuthShell title="Verify email">
      <AuthCard>
        {state.kind === 'loading' ? (
          <PageSpinner label="Verifying your email…" className="min-h-48" />
        ) : state.kind === 'success' ? (
          <AuthMessage
            tone="success"
            icon={<CircleCheck aria-hidden="true" className="size-6" />}
            title="Email Verified Successfully"
            actions={
              <Button size="lg" onClick={toLogin}>
                Go to Login
              </Button>
            }
          >
            <p>Your email address is confirmed. You can now log in to your account.</p>
          </AuthMessage>
        ) : (
          <>
            <AuthMessage
              tone="error"
              icon={<CircleX aria-hidden="true" className="size-6" />}
              title="Verification Failed"
              actions={
                <Button size="lg" onClick={toLogin}>
                  Back to Login
                </Button>
              }
            >
              <p role="alert">{state.message}</p>
            </AuthMessage>
            <div className="mt-6 border-t border-zinc-200 pt-6 dark:border-zinc-800">
              <ResendVerificationForm />
            </div>
          </>
        )}
      </AuthCard>
    </AuthShell>
  );
}
