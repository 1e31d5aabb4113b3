import { formatDateTime } from '#client/lib/format-date';
import type { TNotification } from '#shared/notifications/notifications.schemas';
import { timeLabel } from '#shared/time-label';
import { cn } from '#client/lib/cn';
import { lookOf } from '../notification-looks';

/** The round icon in the type's look (docs/spec.md §3). Decorative: the title says what happened. */
export function NotificationIcon({ notification, className }: { notification: TNotification; className?: string }) {
  const { icon: Icon, badgeClass, look } = lookOf(notification.type);
  return (
    <span
      data-look={look}
      className={cn('flex size-9 shrink-0 items-center justify-center rounded-full', badgeClass, className)}
    >
      <Icon aria-hidden="true" className="size-[1.125rem]" />
    </span>
  );
}

/**
 * Title, message and time. Unread ones are bold with a dot, and say "Unread" to screen readers,
 * since neither weight nor a dot is heard.
 */
export function NotificationText({
  notification,
  now,
  clampMessage = false,
}: {
  notification: TNotification;
  now: Date;
  clampMessage?: boolean;
}) {
  const unread = !notification.isRead;
  return (
    <span className="flex min-w-0 flex-1 flex-col gap-0.5 text-left">
      <span className="flex items-start gap-2">
        <span
          className={cn(
            'min-w-0 flex-1 text-sm break-words',
            unread ? 'font-semibold text-zinc-900 dark:text-white' : 'font-medium text-zinc-700 dark:text-zinc-300',
          )}
        >
          {unread ? <span className="sr-only">Unread: </span> : null}
          {notification.title}
        </span>
        {unread ? (
          <span
            aria-hidden="true"
            data-testid="unread-dot"
            className="mt-1.5 size-2 shrink-0 rounded-full bg-indigo-600 dark:bg-indigo-400"
          />
        ) : null}
      </span>
      <span className={cn('text-sm break-words text-zinc-600 dark:text-zinc-400', clampMessage && 'line-clamp-2')}>
        {notification.message}
      </span>
      <time
        dateTime={notification.createdAt}
        title={formatDateTime(notification.createdAt)}
        className="text-xs text-zinc-600 dark:text-zinc-400"
      >
        {timeLabel(notification.createdAt, now)}
      </time>
    </span>
  );
}
