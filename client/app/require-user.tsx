import { Navigate, Outlet, useLocation } from 'react-router';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { PageSpinner } from '../components/ui/spinner';
import { useUser } from '../features/accounts';
import { type ReturnState, useSessionKeepAlive } from '../features/auth';

const CONSENT_OPEN = new Set(['/consent', '/profile']);

/** docs/spec.md §2: spinner while the user loads, /auth when signed out, /suspended when suspended. */
export function RequireUser() {
  const location = useLocation();
  const { data: user, isPending, isError, refetch, isRefetching } = useUser();
  useSessionKeepAlive(user && !user.suspended ? user.id : undefined);

  if (isPending) return <PageSpinner label="Loading your account…" />;
  if (isError && user === undefined) {
    return (
      <Card className="mx-auto max-w-md p-6 text-center">
        <h1 className="text-lg font-semibold">We could not load your account</h1>
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">Check your connection, then try again.</p>
        <Button className="mt-4" loading={isRefetching} loadingText="Trying again…" onClick={() => void refetch()}>
          Try again
        </Button>
      </Card>
    );
  }
  if (!user) {
    const state: ReturnState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to="/auth" replace state={state} />;
  }
  if (user.suspended) return <Navigate to="/suspended" replace />;
  // Newer terms wait for agreement (decision 019); /profile stays open for export and deletion.
  if (user.consentRequired && !CONSENT_OPEN.has(location.pathname)) {
    return (
      <Navigate
        to="/consent"
        replace
        state={{ from: { pathname: location.pathname, search: location.search, hash: location.hash } }}
      />
    );
  }
  return <Outlet />;
}
