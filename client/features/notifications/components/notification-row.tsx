import { Check } from 'lucide-react';
import { Link } from 'react-router';
import type { TNotification } from '#shared/notifications/notifications.schemas';
import { buttonClasses } from '#client/components/ui/button';
import { cn } from '#client/lib/cn';
import { NotificationIcon, NotificationText } from './notification-content';

const mainClass =
  'flex min-w-0 flex-1 items-start gap-3 rounded-lg p-2 text-left focus-visible:outline-2 focus-visible:outline-indigo-600 dark:focus-visible:outline-indigo-400';

/**
 * One notification on /notifications. With a link the row is a real link (it can open in a
 * new tab); an unread one without a link is a button that reads it; a read one is plain text.
 * Unread rows also get their own "Mark as read", so a link need not be followed to read it.
 */
export function NotificationRow({
  notification: n,
  now,
  onOpen,
  onMarkRead,
}: {
  notification: TNotification;
  now: Date;
  onOpen: (n: TNotification) => void;
  onMarkRead: (n: TNotification) => void;
}) {
  const content = (
    <>
      <NotificationIcon notification={n} />
      <NotificationText notification={n} now={now} />
    </>
  );
  const interactive = 'hover:bg-zinc-100 dark:hover:bg-zinc-800/70';
  return (
    <li
      data-testid="notification-row"
      data-unread={!n.isRead || undefined}
      className={cn('flex items-start gap-1 px-2 py-2 sm:px-3', !n.isRead && 'bg-indigo-50/70 dark:bg-indigo-950/30')}
    >
      {n.link ? (
        <Link
          to={n.link}
          // The link navigates by itself (a modified click opens a tab); the click also reads it.
          onClick={n.isRead ? undefined : () => onMarkRead(n)}
          className={cn(mainClass, interactive)}
        >
          {content}
        </Link>
      ) : !n.isRead ? (
        <button type="button" onClick={() => onOpen(n)} className={cn(mainClass, interactive)}>
          {content}
        </button>
      ) : (
        <div className={mainClass}>{content}</div>
      )}
      {!n.isRead ? (
        <button
          type="button"
          onClick={() => onMarkRead(n)}
          aria-label={`Mark "${n.title}" as read`}
          title="Mark as read"
          className={buttonClasses('ghost', 'icon', 'mt-1 size-9 shrink-0')}
        >
          <Check aria-hidden="true" className="size-4" />
        </button>
      ) : null}
    </li>
  );
}
