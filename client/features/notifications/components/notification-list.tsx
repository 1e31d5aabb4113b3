import type { LucideIcon } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import type { TNotification } from '#shared/notifications/notifications.schemas';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { useNow } from '#client/lib/use-now';
import { useNotificationPages } from '../api/get-notifications';
import { useOpenNotification } from '../hooks/use-open-notification';
import { NotificationRow } from './notification-row';

interface EmptyState {
  icon: LucideIcon;
  title: string;
  text: string;
}

/** One filter's list on /notifications, with "Load more" for the next 20. */
export function NotificationList({
  unread,
  loading,
  empty,
}: {
  unread: boolean;
  loading: ReactNode;
  empty: EmptyState;
}) {
  const pages = useNotificationPages(unread);
  const { open, markRead } = useOpenNotification();
  const now = useNow();
  const notifications = useMemo(
    () => uniqueById(pages.data?.pages.flatMap((p) => p.notifications) ?? []),
    [pages.data],
  );

  if (pages.isPending) return loading;
  if (pages.isError && notifications.length === 0) {
    return (
      <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
        <p className="text-base font-semibold">We could not load your notifications</p>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Check your connection, then try again.</p>
        <Button
          variant="outline"
          loading={pages.isRefetching}
          loadingText="Trying again…"
          onClick={() => void pages.refetch()}
        >
          Try again
        </Button>
      </Card>
    );
  }
  if (notifications.length === 0) {
    const Icon = empty.icon;
    return (
      <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-700 dark:bg-indigo-950/60 dark:text-indigo-300">
          <Icon aria-hidden="true" className="size-6" />
        </span>
        <p className="text-base font-semibold">{empty.title}</p>
        <p className="max-w-md text-sm text-zinc-600 dark:text-zinc-400">{empty.text}</p>
      </Card>
    );
  }

  const readOne = (n: TNotification) => markRead.mutate({ id: n.id, wasUnread: !n.isRead });
  return (
    <>
      <Card className="overflow-hidden">
        <ul
          aria-label={unread ? 'Unread notifications' : 'All notifications'}
          className="divide-y divide-zinc-200 dark:divide-zinc-800"
        >
          {notifications.map((n) => (
            <NotificationRow key={n.id} notification={n} now={now} onOpen={open} onMarkRead={readOne} />
          ))}
        </ul>
      </Card>
      <div className="mt-4 flex flex-col items-center gap-2">
        {pages.hasNextPage ? (
          <Button
            variant="outline"
            loading={pages.isFetchingNextPage}
            loadingText="Loading…"
            onClick={() => void pages.fetchNextPage()}
          >
            Load more
          </Button>
        ) : (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">No more notifications.</p>
        )}
      </div>
    </>
  );
}

/**
 * Offsets shift when a notification arrives between two pages, so the next page can repeat
 * the last item of the one before; it is shown once.
 */
function uniqueById(items: TNotification[]): TNotification[] {
  const seen = new Set<string>();
  return items.filter((n) => (seen.has(n.id) ? false : (seen.add(n.id), true)));
}
