import { zodResolver } from '@hookform/resolvers/zod';
import { Monitor, ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { ZAdminLogin, type TAdminLogin } from '#shared/auth/auth.schemas';
import { ADMIN_MIN_WIDTH, ADMIN_REDIRECT_DELAY_MS } from '#shared/constants';
import { AuthCard, AuthMessage, AuthShell } from '#client/components/auth-shell';
import { Alert } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { applyFieldErrors } from '#client/lib/form-errors';
import { minWidth, useMediaQuery } from '#client/lib/use-media-query';
import { useUser } from '#client/features/accounts';
import { adminLoginErrorMessage, isChallenge, useAdminLogin } from '../api/admin-login';
import { offersSignInLink } from '../api/sign-in-link';
import { SignInLinkOffer } from './sign-in-link-offer';
import { TwoFactorStep } from './two-factor-step';

/** /admin: a separate sign-in for administrators, desktop only (docs/spec.md §2). */
export function AdminLoginPage() {
  const desktop = useMediaQuery(minWidth(ADMIN_MIN_WIDTH));
  const { data: user } = useUser();
  const adminLogin = useAdminLogin();

  // An admin who is already signed in skips the form; a fresh sign-in waits for its delay below.
  if (user?.role === 'admin' && adminLogin.isIdle) return <Navigate to="/admin/dashboard" replace />;

  return (
    <AuthShell title="Admin login">
      <AuthCard>
        {desktop ? (
          <AdminLoginForm adminLogin={adminLogin} />
        ) : (
          <AuthMessage tone="info" icon={<Monitor aria-hidden="true" className="size-6" />} title="Desktop Required">
            <p>
              The admin area needs a screen at least {ADMIN_MIN_WIDTH} pixels wide. Please open it on a desktop or
              laptop computer.
            </p>
          </AuthMessage>
        )}
      </AuthCard>
    </AuthShell>
  );
}

function AdminLoginForm({ adminLogin }: { adminLogin: ReturnType<typeof useAdminLogin> }) {
  const navigate = useNavigate();
  const [goToDashboard, setGoToDashboard] = useState(false);
  // Set when the admin has two-factor on: the password was right, the code comes next.
  const [challenge, setChallenge] = useState<string>();
  const [restartReason, setRestartReason] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TAdminLogin>({ resolver: zodResolver(ZAdminLogin), defaultValues: { email: '', password: '' } });

  // docs/spec.md §2: the cache is cleared first, then about 100 ms later the admin lands on the dashboard.
  useEffect(() => {
    if (!goToDashboard) return;
    const id = setTimeout(() => void navigate('/admin/dashboard', { replace: true }), ADMIN_REDIRECT_DELAY_MS);
    return () => clearTimeout(id);
  }, [goToDashboard, navigate]);

  const onSubmit = handleSubmit((values) => {
    setRestartReason(undefined);
    adminLogin.mutate(values, {
      onSuccess: (answer) => (isChallenge(answer) ? setChallenge(answer.challenge) : setGoToDashboard(true)),
      onError: (err) => applyFieldErrors(err, setError, ['email', 'password']),
    });
  });

  if (challenge) {
    return (
      <TwoFactorStep
        challenge={challenge}
        busy={goToDashboard}
        onSignedIn={() => setGoToDashboard(true)}
        onRestart={(why) => {
          adminLogin.reset();
          setChallenge(undefined);
          setRestartReason(why);
        }}
      />
    );
  }

  return (
    <>
      <div className="mb-6 flex flex-col items-center gap-3 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-700 dark:bg-indigo-950/60 dark:text-indigo-300">
          <ShieldCheck aria-hidden="true" className="size-6" />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-white">Admin login</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">For platform administrators only.</p>
      </div>
      <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Admin login">
        {adminLogin.isError && !errors.email && !errors.password ? (
          <Alert tone="error">{adminLoginErrorMessage(adminLogin.error)}</Alert>
        ) : null}
        {restartReason ? <Alert tone="error">{restartReason}</Alert> : null}
        <FormField id="admin-email" label="Email" error={errors.email?.message}>
          {(c) => <Input {...c} {...register('email')} type="email" autoComplete="username" inputMode="email" />}
        </FormField>
        <FormField id="admin-password" label="Password" error={errors.password?.message}>
          {(c) => <Input {...c} {...register('password')} type="password" autoComplete="current-password" />}
        </FormField>
        <Button
          type="submit"
          size="lg"
          className="w-full"
          loading={adminLogin.isPending || goToDashboard}
          loadingText="Signing in…"
        >
          Sign in
        </Button>
        {offersSignInLink(adminLogin.error) && adminLogin.variables ? (
          <SignInLinkOffer login={adminLogin.variables.email} />
        ) : null}
      </form>
    </>
  );
}
