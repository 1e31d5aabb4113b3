import { ShieldCheck, Wrench } from 'lucide-react';
import { Navigate } from 'react-router';
import { Brand } from '../../components/brand';
import { DocumentTitle } from '../../components/document-title';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PageSpinner } from '../../components/ui/spinner';
import { useUser } from '../../features/accounts';
import { BroadcastForm, RecentBroadcasts } from '../../features/admin';
import { useLogout } from '../../features/auth';
import { ReviewQueueCard } from '../../features/courses';
import { RefundRequestsPanel } from '../../features/payments';
import { MentorApplicationsPanel } from '../../features/mentorship';

/** /admin/dashboard: admins only. The course review queue (courses), refund requests (payments), mentor applications (mentorship) and broadcasts (admin) work; the other admin tools come with the admin work. */
export function AdminDashboardPage() {
  const { data: user, isPending } = useUser();
  const logout = useLogout({ redirectTo: '/admin' });

  if (isPending) return <PageSpinner label="Loading your account…" />;
  if (user?.role !== 'admin') return <Navigate to="/admin" replace />;

  return (
    <div className="min-h-dvh">
      <DocumentTitle title="Admin dashboard" />
      <div className="border-b border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-6">
          <Brand taglineClassName="hidden md:inline" />
          <span className="rounded-md bg-indigo-50 px-2 py-0.5 text-xs font-semibold text-indigo-700 dark:bg-indigo-950/60 dark:text-indigo-300">
            Admin
          </span>
          <div className="ml-auto flex items-center gap-3">
            <span className="text-sm text-zinc-700 dark:text-zinc-300">{user.fullName}</span>
            <Button
              variant="outline"
              size="sm"
              loading={logout.isPending}
              loadingText="Logging out…"
              onClick={() => logout.mutate()}
            >
              Logout
            </Button>
          </div>
        </div>
      </div>
      <div className="mx-auto max-w-6xl px-6 py-8">
        <div className="mb-6 flex items-center gap-3">
          <ShieldCheck aria-hidden="true" className="size-7 text-indigo-700 dark:text-indigo-300" />
          <div>
            <h1 className="text-2xl font-semibold tracking-tight">Admin dashboard</h1>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">Signed in as {user.fullName}</p>
          </div>
        </div>
        <div className="mb-6">
          <ReviewQueueCard />
        </div>
        <div className="mb-6">
          <RefundRequestsPanel />
        </div>
        <div className="mb-6">
          <MentorApplicationsPanel />
        </div>
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <BroadcastForm />
          <RecentBroadcasts />
        </div>
        <Card className="mt-6 flex items-start gap-3 px-6 py-5">
          <Wrench aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-zinc-500 dark:text-zinc-400" />
          <div className="space-y-1">
            <h2 className="text-base font-semibold">More admin tools are not available yet</h2>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              They arrive with the admin work: platform figures, user management and suspensions, and the audit log.
            </p>
          </div>
        </Card>
      </div>
    </div>
  );
}
