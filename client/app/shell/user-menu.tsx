import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, Download, LogOut, UserRound, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import type { TUser } from '#shared/accounts/accounts.schemas';
import { useLogout } from '#client/features/auth';
import { promptInstall, useAppStatus } from '#client/lib/app-status';
import { initials } from '#client/lib/initials';
import { menuContentClass, menuItemClass } from './menu-styles';

export function UserMenu({ user }: { user: TUser }) {
  const logout = useLogout();
  // Only where the browser offers it (Chromium's beforeinstallprompt), and not once installed.
  const { install } = useAppStatus();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        data-testid="user-menu"
        aria-label="Account menu"
        className="flex items-center gap-2 rounded-full p-0.5 pr-1.5 hover:bg-zinc-100 dark:hover:bg-zinc-800"
      >
        {user.avatarUrl ? (
          <img src={user.avatarUrl} alt="" className="size-8 rounded-full object-cover" />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-8 items-center justify-center rounded-full bg-indigo-600 text-xs font-semibold text-white"
          >
            {initials(user.fullName)}
          </span>
        )}
        <span className="hidden max-w-32 truncate text-sm font-medium xl:inline">{user.fullName}</span>
        <ChevronDown aria-hidden="true" className="size-4 text-zinc-500 dark:text-zinc-400" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className={menuContentClass}>
          <DropdownMenu.Label className="px-2 py-1.5">
            <span className="block truncate font-medium text-zinc-900 dark:text-white">{user.fullName}</span>
            <span className="block truncate text-xs text-zinc-600 dark:text-zinc-400">{user.email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-zinc-200 dark:bg-zinc-800" />
          <DropdownMenu.Item asChild className={menuItemClass}>
            <Link to="/profile">
              <UserRound aria-hidden="true" className="size-4" />
              Profile
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={menuItemClass}>
            <Link to="/wallet">
              <Wallet aria-hidden="true" className="size-4" />
              Wallet
            </Link>
          </DropdownMenu.Item>
          {install ? (
            <DropdownMenu.Item className={menuItemClass} onSelect={() => void promptInstall()}>
              <Download aria-hidden="true" className="size-4" />
              Install app
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Item className={menuItemClass} disabled={logout.isPending} onSelect={() => logout.mutate()}>
            <LogOut aria-hidden="true" className="size-4" />
            {logout.isPending ? 'Logging out…' : 'Logout'}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
