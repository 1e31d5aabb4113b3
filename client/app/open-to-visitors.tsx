import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../components/ui/spinner';
import { useUser } from '../features/accounts';
import { useSessionKeepAlive } from '../features/auth';

/**
 * Pages a shared link may open without an account (decision 055): a visitor sees them; a member
 * meets the same rules as on protected pages (suspended to /suspended, newer terms to /consent).
 */
export function OpenToVisitors() {
  const location = useLocation();
  const { data: user, isPending } = useUser();
  useSessionKeepAlive(user && !user.suspended ? user.id : undefined);

  if (isPending) return <PageSpinner label="Loading…" />;
  if (user?.suspended) return <Navigate to="/suspended" replace />;
  if (user?.consentRequired) {
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
