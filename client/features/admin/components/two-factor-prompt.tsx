import { ShieldAlert } from 'lucide-react';
import { Link, useMatch } from 'react-router';
import { useTwoFactorStatus } from '../api/two-factor';

/** The console's standing prompt for an admin without two-factor (issue 16 item 8); the security page itself needs none. */
export function TwoFactorPrompt() {
  const status = useTwoFactorStatus();
  const onSecurityPage = useMatch('/admin/dashboard/security');
  if (onSecurityPage || status.data?.enabled !== false) return null;
  return (
    <div
      role="region"
      aria-label="Two-factor authentication"
      className="mb-6 flex flex-wrap items-center gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <ShieldAlert aria-hidden="true" className="size-5 shrink-0" />
      <p className="min-w-0 flex-1">
        Protect the console: turn on two-factor authentication, so that your password alone cannot sign you in.
      </p>
      <Link to="/admin/dashboard/security" className="font-semibold underline underline-offset-4 hover:no-underline">
        Turn it on
      </Link>
    </div>
  );
}
