import { Ban, CalendarDays } from 'lucide-react';
import { Navigate } from 'react-router';
import { RESTRICTION_LABELS } from '#shared/roles';
import { AuthCard, AuthShell } from '#client/components/auth-shell';
import { Button } from '#client/components/ui/button';
import { PageSpinner } from '#client/components/ui/spinner';
import { formatDate } from '#client/lib/format-date';
import { AppealForm } from '#client/features/admin';
import { useLogout } from '#client/features/auth';
import { PrivacySection } from '#client/features/privacy';
import { useUser } from '../api/get-user';

/** /suspended: where a suspended user always lands (docs/spec.md §2 and §4). */
export function SuspendedPage() {
  const { data: user, isPending } = useUser();
  const logout = useLogout();

  if (isPending) return <PageSpinner label="Loading your account…" />;
  if (!user) return <Navigate to="/auth" replace />;
  if (!user.suspended) return <Navigate to="/" replace />;

  return (
    <AuthShell title="Account suspended" wide>
      <AuthCard>
        <div className="flex flex-col items-center text-center">
          <span className="mb-4 flex size-12 items-center justify-center rounded-full bg-red-50 text-red-700 dark:bg-red-950/60 dark:text-red-300">
            <Ban aria-hidden="true" className="size-6" />
          </span>
          <h1 className="text-xl font-semibold tracking-tight text-zinc-900 dark:text-white">
            Your account is suspended
          </h1>
          <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
            An administrator has restricted your account, {user.fullName}.
          </p>
        </div>

        <dl className="mt-6 space-y-4 text-sm">
          <div>
            <dt className="font-medium text-zinc-900 dark:text-white">Reason</dt>
            <dd className="mt-1 text-zinc-700 dark:text-zinc-300">{user.suspensionReason || 'No reason was given.'}</dd>
          </div>
          <div>
            <dt className="font-medium text-zinc-900 dark:text-white">Ends</dt>
            <dd className="mt-1 flex items-center gap-1.5 text-zinc-700 dark:text-zinc-300">
              <CalendarDays aria-hidden="true" className="size-4" />
              {user.suspendedUntil ? formatDate(user.suspendedUntil) : 'No end date has been set.'}
            </dd>
          </div>
        </dl>

        <h2 className="mt-6 text-sm font-medium text-zinc-900 dark:text-white">Restrictions on your account</h2>
        {user.restrictions.length > 0 ? (
          <ul className="mt-2 space-y-2">
            {user.restrictions.map((r) => (
              <li
                key={r}
                className="rounded-lg border border-zinc-200 bg-zinc-50 px-3 py-2 text-sm text-zinc-800 dark:border-zinc-800 dark:bg-zinc-950 dark:text-zinc-200"
              >
                {RESTRICTION_LABELS[r]}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-zinc-700 dark:text-zinc-300">Your whole account is on hold.</p>
        )}

        <AppealForm />
        {/* NDPA rights stay open under any suspension (issue 26): the privacy routes only ask for a sign-in. */}
        <section aria-labelledby="suspended-data" className="mt-6 border-t border-zinc-200 pt-6 dark:border-zinc-800">
          <h2 id="suspended-data" className="text-sm font-medium text-zinc-900 dark:text-white">
            Your data
          </h2>
          <p className="mt-1 mb-4 text-sm text-zinc-600 dark:text-zinc-400">
            A suspension does not take away your rights over your data: you can still download a copy or delete your
            account.
          </p>
          <PrivacySection />
        </section>
        <Button
          size="lg"
          variant="outline"
          className="mt-6 w-full"
          loading={logout.isPending}
          loadingText="Logging out…"
          onClick={() => logout.mutate()}
        >
          Logout
        </Button>
      </AuthCard>
    </AuthShell>
  );
}
