import {
  BriefcaseBusiness,
  Inbox,
  Landmark,
  LayoutDashboard,
  Megaphone,
  ScrollText,
  ShieldCheck,
  Users,
} from 'lucide-react';
import { Navigate, NavLink, Outlet } from 'react-router';
import { Brand } from '#client/components/brand';
import { Button } from '#client/components/ui/button';
import { PageSpinner } from '#client/components/ui/spinner';
import { cn } from '#client/lib/cn';
import { useUser } from '#client/features/accounts';
import { PasswordConfirmProvider, TwoFactorPrompt } from '#client/features/admin';
import { useLogout } from '#client/features/auth';

const NAV = [
  { to: '/admin/dashboard', label: 'Overview', icon: LayoutDashboard, end: true },
  { to: '/admin/dashboard/members', label: 'Members', icon: Users, end: false },
  { to: '/admin/dashboard/jobs', label: 'Jobs', icon: BriefcaseBusiness, end: false },
  { to: '/admin/dashboard/queues', label: 'Queues', icon: Inbox, end: false },
  { to: '/admin/dashboard/payouts', label: 'Payouts', icon: Landmark, end: false },
  { to: '/admin/dashboard/broadcasts', label: 'Broadcasts', icon: Megaphone, end: false },
  { to: '/admin/dashboard/audit', label: 'Audit log', icon: ScrollText, end: false },
  { to: '/admin/dashboard/security', label: 'Security', icon: ShieldCheck, end: false },
] as const;

/**
 * /admin/dashboard and its pages (issue 16): a desktop console with a side navigation; each
 * page has its own URL. Admins only; anyone else goes to the admin login.
 */
export function AdminDashboardPage() {
  const { data: user, isPending } = useUser();
  const logout = useLogout({ redirectTo: '/admin' });

  if (isPending) return <PageSpinner label="Loading your account…" />;
  if (user?.role !== 'admin') return <Navigate to="/admin" replace />;

  return (
    <PasswordConfirmProvider>
      <div className="min-h-dvh bg-zinc-50 dark:bg-zinc-950">
        <header className="border-b border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
          <div className="flex h-16 items-center gap-4 px-6">
            <Brand taglineClassName="hidden xl:inline" />
            <span className="rounded-md bg-indigo-50 px-2 py-0.5 text-xs font-semibold text-indigo-700 dark:bg-indigo-950/60 dark:text-indigo-300">
              Admin
            </span>
            <div className="ml-auto flex items-center gap-3">
              <span className="hidden text-sm text-zinc-700 sm:inline dark:text-zinc-300">{user.fullName}</span>
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
        </header>
        <div className="flex flex-col lg:flex-row">
          <nav
            aria-label="Admin"
            className="border-b border-zinc-200 bg-white lg:min-h-[calc(100dvh-4rem)] lg:w-56 lg:shrink-0 lg:border-r lg:border-b-0 dark:border-zinc-800 dark:bg-zinc-900"
          >
            <ul className="flex gap-1 overflow-x-auto p-2 lg:flex-col lg:p-3">
              {NAV.map(({ to, label, icon: Icon, end }) => (
                <li key={to}>
                  <NavLink
                    to={to}
                    end={end}
                    className={({ isActive }) =>
                      cn(
                        'flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none',
                        isActive
                          ? 'bg-indigo-50 text-indigo-700 dark:bg-indigo-950/60 dark:text-indigo-300'
                          : 'text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800',
                      )
                    }
                  >
                    <Icon aria-hidden="true" className="size-4" />
                    {label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          {/* The app's layout already holds the page in its one <main>. */}
          <div className="min-w-0 flex-1 p-4 lg:p-8">
            <TwoFactorPrompt />
            <Outlet />
          </div>
        </div>
      </div>
    </PasswordConfirmProvider>
  );
}
