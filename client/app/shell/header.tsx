import { Link } from 'react-router';
import type { TUser } from '../../../shared/accounts/accounts.schemas';
import { Brand } from '../../components/brand';
import { buttonClasses } from '../../components/ui/button';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { SideMenu } from './side-menu';
import { ThemeSwitcher } from './theme-switcher';
import { TopNav } from './top-nav';
import { UserMenu } from './user-menu';

export function Header({ user }: { user: TUser | null }) {
  return (
    <header className="sticky top-0 z-40 border-b border-zinc-200 bg-white/90 backdrop-blur dark:border-zinc-800 dark:bg-zinc-900/90">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6 lg:px-8">
        <SideMenu signedIn={Boolean(user)} />
        <Link to="/" aria-label="Build. Learn. Earn. Thrive." className="mr-2 rounded-lg">
          <Brand taglineClassName="hidden lg:inline" />
        </Link>
        <TopNav />
        <div className="ml-auto flex items-center gap-1">
          {user ? <NotificationBell /> : null}
          <ThemeSwitcher />
          {user ? (
            <UserMenu user={user} />
          ) : (
            <Link to="/auth" className={buttonClasses('primary', 'sm', 'ml-1')}>
              Login
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
