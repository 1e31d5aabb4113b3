import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { AuthCard, AuthShell } from '#client/components/auth-shell';
import { PageSpinner } from '#client/components/ui/spinner';
import { cn } from '#client/lib/cn';
import { useUser } from '#client/features/accounts';
import { returnPath } from '../return-path';
import { AuthTabs } from './auth-tabs';
import { LoginForm } from './login-form';
import { RegisterForm, type RegisterDraft } from './register-form';

// Shown only after a registration: not part of what a first visit waits for (decision 083).
const VerifyEmailPanel = lazy(() => import('./verify-email-panel').then((m) => ({ default: m.VerifyEmailPanel })));

// Large screens only (the aside is hidden below `lg`): a phone never downloads the slideshow (decision 086).
const AuthCarousel = lazy(() => import('./auth-carousel').then((m) => ({ default: m.AuthCarousel })));
// lib/use-media-query's rule, written here: that module is a chunk of its own (the admin pages
// share it), one more request before the form on a first visit.
const large = () => typeof window.matchMedia === 'function' && window.matchMedia('(min-width: 1024px)').matches;
function onResize(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

function LargeScreenCarousel() {
  const isLarge = useSyncExternalStore(onResize, large, () => false);
  if (!isLarge) return null;
  // The aside's own box while its chunk arrives, so the form does not move.
  return (
    <Suspense fallback={<div aria-hidden="true" className="w-[46%] max-w-3xl shrink-0 bg-indigo-950" />}>
      <AuthCarousel />
    </Suspense>
  );
}

type Tab = 'login' | 'register';

const tabClass = cn(
  'flex-1 rounded-md px-3 py-2 text-sm font-medium text-zinc-600 transition-colors hover:text-zinc-900',
  'data-[state=active]:bg-white data-[state=active]:text-zinc-900 data-[state=active]:shadow-sm',
  'dark:text-zinc-400 dark:hover:text-white dark:data-[state=active]:bg-zinc-700 dark:data-[state=active]:text-white',
);

/** /auth: login and register tabs; `?tab=register` opens the second. */
export function AuthPage() {
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  // The form shows while the session is still being asked: a visitor, nearly everyone here, does
  // not wait that round trip (decision 086); a member is sent on when the answer comes.
  const { data: user } = useUser();
  const [registered, setRegistered] = useState<RegisterDraft | null>(null);
  const [draft, setDraft] = useState<RegisterDraft | undefined>();

  if (user) return <Navigate to={returnPath(location.state)} replace />;

  const tab: Tab = params.get('tab') === 'register' ? 'register' : 'login';
  const showTab = (next: Tab) =>
    setParams(next === 'login' ? {} : { tab: next }, { replace: true, state: location.state });

  return (
    <AuthShell title={tab === 'login' ? 'Login' : 'Register'} aside={<LargeScreenCarousel />}>
      <AuthCard>
        {registered ? (
          <Suspense fallback={<PageSpinner label="Loading…" className="min-h-64" />}>
            <VerifyEmailPanel
              email={registered.email}
              onDifferentEmail={() => {
                setDraft(registered);
                setRegistered(null);
              }}
              onBackToLogin={() => {
                setRegistered(null);
                showTab('login');
              }}
            />
          </Suspense>
        ) : (
          <>
            <div className="mb-6 space-y-1 text-center">
              <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-white">
                {tab === 'login' ? 'Welcome back' : 'Create your account'}
              </h1>
              <p className="text-sm text-zinc-600 dark:text-zinc-400">
                {tab === 'login'
                  ? 'Sign in to pick up where you left off.'
                  : 'Join to learn, find work and grow with a mentor.'}
              </p>
            </div>
            <AuthTabs
              value={tab}
              onValueChange={showTab}
              label="Login or register"
              listClassName="mb-6 flex gap-1 rounded-lg bg-zinc-100 p-1 dark:bg-zinc-800"
              tabClassName={tabClass}
              panelClassName="rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-600 dark:focus-visible:outline-indigo-400"
              tabs={[
                { value: 'login', label: 'Login', panel: <LoginForm /> },
                {
                  value: 'register',
                  label: 'Register',
                  panel: (
                    <RegisterForm
                      initialValues={draft}
                      onRegistered={(values) => {
                        setDraft(values);
                        setRegistered(values);
                      }}
                    />
                  ),
                },
              ]}
            />
          </>
        )}
      </AuthCard>
    </AuthShell>
  );
}
