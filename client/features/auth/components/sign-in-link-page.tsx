import { CircleX, LogIn } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SIGN_IN_LINK_INVALID, SIGN_IN_LINK_MINUTES, ZSignInLinkUse } from '#shared/auth/sign-in-link.schemas';
import { ADMIN_REDIRECT_DELAY_MS } from '#shared/constants';
import { AuthCard, AuthMessage, AuthShell } from '#client/components/auth-shell';
import { Button, buttonClasses } from '#client/components/ui/button';
import { serverMessage } from '#client/lib/api-client';
import { toast } from '#client/lib/toast';
import { useSignInWithLink } from '../api/sign-in-link';
import { TwoFactorStep } from './two-factor-step';

const backToLogin = (
  <Link to="/auth" className={buttonClasses('ghost', 'lg')}>
    Back to Login
  </Link>
);

/**
 * /sign-in-link?token=…: the mailed one-time link (decision 049). It signs in only when the
 * person presses the button, so a mail scanner that opens links, scripts and all, cannot use it
 * up. An admin with two-factor on types the code next.
 */
export function SignInLinkPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const signIn = useSignInWithLink();
  const [restartReason, setRestartReason] = useState<string>();
  const [adminIn, setAdminIn] = useState(false);

  const checked = ZSignInLinkUse.shape.token.safeParse(params.get('token') ?? '');
  const tokenProblem = checked.success ? undefined : checked.error.issues[0]?.message;
  const answer = signIn.data;

  // docs/spec.md §2: an admin's sign-in lands on the dashboard after about 100 ms.
  useEffect(() => {
    if (!adminIn) return;
    const id = setTimeout(() => void navigate('/admin/dashboard', { replace: true }), ADMIN_REDIRECT_DELAY_MS);
    return () => clearTimeout(id);
  }, [adminIn, navigate]);

  const go = () => {
    if (!checked.success) return;
    signIn.mutate(checked.data, {
      onSuccess: (signedIn) => {
        if ('twoFactorRequired' in signedIn) return;
        if (signedIn.role === 'admin') return setAdminIn(true);
        toast({ title: 'Logged in successfully' });
        void navigate('/', { replace: true });
      },
    });
  };

  const problem = tokenProblem ?? restartReason ?? (signIn.isError ? serverMessage(signIn.error) : undefined);
  return (
    <AuthShell title="Sign in with a link">
      <AuthCard>
        {problem || signIn.isError ? (
          <AuthMessage
            tone="error"
            icon={<CircleX aria-hidden="true" className="size-6" />}
            title="Sign-in link not valid"
            actions={backToLogin}
          >
            <p role="alert">{problem ?? SIGN_IN_LINK_INVALID}</p>
          </AuthMessage>
        ) : answer && 'twoFactorRequired' in answer ? (
          <TwoFactorStep
            challenge={answer.challenge}
            busy={adminIn}
            onSignedIn={() => setAdminIn(true)}
            onRestart={(why) => setRestartReason(why ?? SIGN_IN_LINK_INVALID)}
          />
        ) : (
          <AuthMessage
            tone="info"
            icon={<LogIn aria-hidden="true" className="size-6" />}
            title="Sign in with your link"
            actions={
              <>
                <Button size="lg" onClick={go} loading={signIn.isPending || signIn.isSuccess} loadingText="Signing in…">
                  Sign in
                </Button>
                {backToLogin}
              </>
            }
          >
            <p>
              This link signs you in on this device, instead of your password. It works once, within{' '}
              {SIGN_IN_LINK_MINUTES} minutes of being sent.
            </p>
          </AuthMessage>
        )}
      </AuthCard>
    </AuthShell>
  );
}
