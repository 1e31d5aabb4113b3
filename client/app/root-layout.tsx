import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { isShellHidden } from '#shared/navigation';
import { Toaster } from '../components/ui/toaster';
import { useUserPolling } from '../features/accounts';
import { cn } from '../lib/cn';
import { setDisplayZone } from '../lib/display-zone';
import { AppBanners } from './shell/app-banners';
import { Header } from './shell/header';
import { useRealtime } from './use-realtime';

// Signed-in only, with its icons: kept out of the entry (decision 012). The fallback is the bar's
// empty box, so the page does not move when the items arrive.
const BottomNav = lazy(() => import('./shell/bottom-nav').then((m) => ({ default: m.BottomNav })));
// Decision 051: an incoming call shows on every page of a signed-in member.
const IncomingCallDialog = lazy(() => import('../features/calls').then((m) => ({ default: m.IncomingCallDialog })));

/** Every page: skip link, the shell (unless on an auth or admin page), main, toasts. */
export function RootLayout() {
  const { pathname } = useLocation();
  const { data: user } = useUserPolling();
  // Before the pages below render: they write moments in the member's zone.
  setDisplayZone(user?.timeZone);
  // A suspended member's socket too: the lift of the suspension reaches their open /suspended page.
  useRealtime(user?.id);
  const shell = !isShellHidden(pathname);
  const bottomNav = shell && Boolean(user);

  return (
    <>
      <a
        href="#main"
        className="sr-only z-[200] rounded-lg bg-indigo-600 px-4 py-2 text-sm font-medium text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to main content
      </a>
      {shell ? <Header user={user ?? null} /> : null}
      <AppBanners />
      <main
        id="main"
        tabIndex={-1}
        className={cn(
          'outline-none',
          shell && 'mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8',
          bottomNav && 'pb-24 md:pb-8',
        )}
      >
        <Outlet />
      </main>
      {bottomNav && user ? (
        <Suspense
          fallback={
            <div
              aria-hidden="true"
              className="fixed inset-x-0 bottom-0 z-40 h-16 border-t border-zinc-200 bg-white/95 md:hidden dark:border-zinc-800 dark:bg-zinc-900/95"
            />
          }
        >
          <BottomNav role={user.role} />
        </Suspense>
      ) : null}
      {user && !user.suspended ? (
        <Suspense fallback={null}>
          <IncomingCallDialog />
        </Suspense>
      ) : null}
      <Toaster />
      <ScrollRestoration />
    </>
  );
}
