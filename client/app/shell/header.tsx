import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import type { TUser } from '#shared/accounts/accounts.schemas';
import { Brand } from '#client/components/brand';
import { TopNav } from './top-nav';

// The menus bring Radix, the bell and its schemas: kept out of the entry (decision 012). Each
// fallback holds the place of what comes, so nothing moves when it arrives.
const SideMenu = lazy(() => import('./side-menu').then((m) => ({ default: m.SideMenu })));
const HeaderActions = lazy(() => import('./header-actions').then((m) => ({ default: m.HeaderActions })));

export function Header({ user }: { user: TUser | null }) {
  return (
    <header className="sticky top-0 z-40 border-b border-zinc-200 bg-white/90 backdrop-blur dark:border-zinc-800 dark:bg-zinc-900/90">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6 lg:px-8">
        <Suspense fallback={<span aria-hidden="true" className="-ml-2 size-10 md:hidden" />}>
          <SideMenu signedIn={Boolean(user)} />
        </Suspense>
        <Link to="/" aria-label="Build. Learn. Earn. Thrive." className="mr-2 rounded-lg">
          <Brand taglineClassName="hidden lg:inline" />
        </Link>
        <TopNav />
        <div className="ml-auto flex h-9 items-center gap-1">
          <Suspense fallback={null}>
            <HeaderActions user={user} />
          </Suspense>
        </div>
      </div>
    </header>
  );
}
