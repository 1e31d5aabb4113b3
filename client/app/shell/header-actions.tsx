import { Link } from 'react-router';
import type { TUser } from '#shared/accounts/accounts.schemas';
import { buttonClasses } from '#client/components/ui/button';
import { ChatHeaderLink } from '#client/features/chat';
import { NotificationBell } from '#client/features/notifications';
import { ThemeSwitcher } from './theme-switcher';
import { UserMenu } from './user-menu';

/** The header's right side: its menus (and the bell's queries) load in their own chunk. */
export function HeaderActions({ user }: { user: TUser | null }) {
  return (
    <>
      {user ? <ChatHeaderLink /> : null}
      {user ? <NotificationBell /> : null}
      <ThemeSwitcher />
      {user ? (
        <UserMenu user={user} />
      ) : (
        <Link to="/auth" className={buttonClasses('primary', 'sm', 'ml-1')}>
          Login
        </Link>
      )}
    </>
  );
}
