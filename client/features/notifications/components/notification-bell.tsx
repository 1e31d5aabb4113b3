import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Bell, BellOff, CheckCheck, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '#client/components/ui/button';
import { Spinner } from '#client/components/ui/spinner';
import { cn } from '#client/lib/cn';
import { useNow } from '#client/lib/use-now';
import { useLatestNotifications } from '../api/get-notifications';
import { useUnreadCount } from '../api/get-unread-count';
import { useMarkAllRead } from '../api/mark-all-read';
import { badgeText, bellLabel } from '../badge-text';
import { useOpenNotification } from '../hooks/use-open-notification';
import { NotificationIcon, NotificationText } from './notification-content';

const itemClass =
  'flex cursor-pointer select-none items-start gap-3 rounded-lg px-2.5 py-2.5 outline-none data-[highlighted]:bg-zinc-100 dark:data-[highlighted]:bg-zinc-800';

/**
 * docs/spec.md §2: the header's bell with the unread badge, and a dropdown of the latest
 * notifications with "Mark all read" and "View all notifications". Mounting it starts the
 * 30 s poll, so it lives in the header for as long as someone is signed in.
 */
export function NotificationBell() {
  const list = useLatestNotifications();
  const { data: countFromServer } = useUnreadCount();
  const unread = countFromServer ?? list.data?.unreadCount ?? 0;
  const badge = badgeText(unread);
  const markAll = useMarkAllRead();
  const { open } = useOpenNotification();
  const now = useNow();
  const notifications = list.data?.notifications ?? [];
  const titleId = useId();

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        data-testid="notification-bell"
        aria-label={bellLabel(unread)}
        className={buttonClasses('ghost', 'icon', 'relative')}
      >
        <Bell aria-hidden="true" className="size-5" />
        {badge ? (
          <span
            aria-hidden="true"
            data-testid="notification-badge"
            className="absolute top-0.5 right-0 flex h-[1.125rem] min-w-[1.125rem] items-center justify-center rounded-full bg-red-600 px-1 text-[0.6875rem] leading-none font-semibold text-white ring-2 ring-white dark:ring-zinc-900"
          >
            {badge}
          </span>
        ) : null}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          // Named by its heading alone; Radix would name it after the trigger, count and all. The
          // menu itself scrolls, between a sticky heading and footer: a scrolling box inside it
          // would hold only roving-focus items, which axe counts as not reachable by keyboard.
          aria-labelledby={titleId}
          className="z-50 max-h-[min(34rem,var(--radix-dropdown-menu-content-available-height))] w-[min(24rem,calc(100vw-1rem))] overflow-y-auto overscroll-contain rounded-xl border border-zinc-200 bg-white text-sm shadow-lg dark:border-zinc-800 dark:bg-zinc-900"
        >
          <div className="sticky top-0 z-10 flex items-center justify-between gap-2 border-b border-zinc-200 bg-white px-3 py-2 dark:border-zinc-800 dark:bg-zinc-900">
            <DropdownMenu.Label className="flex min-w-0 items-center gap-2 font-semibold whitespace-nowrap text-zinc-900 dark:text-white">
              <span id={titleId}>Notifications</span>
              {unread > 0 ? (
                <span className="rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-medium text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200">
                  {unread} unread
                </span>
              ) : null}
            </DropdownMenu.Label>
            <DropdownMenu.Item
              disabled={unread === 0 || markAll.isPending}
              // Stay open: the list below shows everything turning read.
              onSelect={(event) => {
                event.preventDefault();
                markAll.mutate();
              }}
              className="flex shrink-0 cursor-pointer items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium text-indigo-700 outline-none select-none data-[disabled]:cursor-not-allowed data-[disabled]:text-zinc-400 data-[highlighted]:bg-indigo-50 dark:text-indigo-300 dark:data-[disabled]:text-zinc-500 dark:data-[highlighted]:bg-indigo-950/60"
            >
              <CheckCheck aria-hidden="true" className="size-4" />
              Mark all read
            </DropdownMenu.Item>
          </div>

          <div className="p-1">
            {list.isPending ? (
              <p
                role="status"
                className="flex items-center justify-center gap-2 px-3 py-8 text-zinc-600 dark:text-zinc-400"
              >
                <Spinner />
                Loading notifications…
              </p>
            ) : list.isError && notifications.length === 0 ? (
              <p className="px-3 py-8 text-center text-zinc-600 dark:text-zinc-400">
                We could not load your notifications.
              </p>
            ) : notifications.length === 0 ? (
              <div className="flex flex-col items-center gap-2 px-3 py-8 text-center">
                <BellOff aria-hidden="true" className="size-7 text-zinc-400 dark:text-zinc-500" />
                <p className="font-medium text-zinc-900 dark:text-white">No notifications yet</p>
                <p className="text-zinc-600 dark:text-zinc-400">We will let you know when something happens.</p>
              </div>
            ) : (
              notifications.map((n) => (
                <DropdownMenu.Item
                  key={n.id}
                  data-testid="notification-item"
                  data-unread={!n.isRead || undefined}
                  onSelect={() => open(n)}
                  className={cn(itemClass, !n.isRead && 'bg-indigo-50/70 dark:bg-indigo-950/30')}
                >
                  <NotificationIcon notification={n} />
                  <NotificationText notification={n} now={now} clampMessage />
                </DropdownMenu.Item>
              ))
            )}
          </div>

          <div className="sticky bottom-0 z-10 border-t border-zinc-200 bg-white p-1 dark:border-zinc-800 dark:bg-zinc-900">
            <DropdownMenu.Item
              asChild
              className={cn(itemClass, 'items-center justify-center font-medium text-indigo-700 dark:text-indigo-300')}
            >
              <Link to="/notifications">
                View all notifications
                <ChevronRight aria-hidden="true" className="size-4" />
              </Link>
            </DropdownMenu.Item>
          </div>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
