import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import { NOTIFICATIONS_PAGE } from '#shared/constants';
import type { TNotification, TNotificationList, TUnreadCount } from '#shared/notifications/notifications.schemas';
import { latestNotificationsKey } from './api/get-notifications';
import { notificationsKey, unreadCountKey } from './api/query-keys';

/**
 * Optimistic edits of every cached notification answer: the bell's list, the paged lists of
 * /notifications and the unread count. A click must change the badge at once, not after a
 * round trip; the mutations refetch the truth once the server has answered.
 */
type CachedList = TNotificationList | InfiniteData<TNotificationList, number>;
export type NotificationsSnapshot = Array<[QueryKey, unknown]>;

function isPaged(data: CachedList): data is InfiniteData<TNotificationList, number> {
  return 'pages' in data;
}

function editLists(client: QueryClient, edit: (list: TNotificationList) => TNotificationList) {
  client.setQueriesData<CachedList>({ queryKey: notificationsKey }, (data) => {
    if (!data) return data;
    return isPaged(data) ? { ...data, pages: data.pages.map(edit) } : edit(data);
  });
}

function editCount(client: QueryClient, edit: (count: number) => number) {
  client.setQueryData<TUnreadCount>(unreadCountKey, (data) =>
    data ? { unreadCount: Math.max(0, edit(data.unreadCount)) } : data,
  );
}

/** Stops refetches in flight, so an older answer cannot land on top of the optimistic edit. */
export async function cancelNotificationQueries(client: QueryClient) {
  await Promise.all([
    client.cancelQueries({ queryKey: notificationsKey }),
    client.cancelQueries({ queryKey: unreadCountKey }),
  ]);
}

export function snapshotNotifications(client: QueryClient): NotificationsSnapshot {
  return [
    ...client.getQueriesData({ queryKey: notificationsKey }),
    ...client.getQueriesData({ queryKey: unreadCountKey }),
  ];
}

export function restoreNotifications(client: QueryClient, snapshot: NotificationsSnapshot) {
  for (const [key, data] of snapshot) client.setQueryData(key, data);
}

export function refreshNotifications(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: notificationsKey }),
    client.invalidateQueries({ queryKey: unreadCountKey }),
  ]);
}

/** Marks one read everywhere it is cached; the count drops only if it was unread. */
export function markReadInCache(client: QueryClient, id: string, wasUnread: boolean) {
  const drop = wasUnread ? 1 : 0;
  editLists(client, (list) => ({
    notifications: list.notifications.map((n) => (n.id === id ? { ...n, isRead: true } : n)),
    unreadCount: Math.max(0, list.unreadCount - drop),
  }));
  editCount(client, (count) => count - drop);
}

export function markAllReadInCache(client: QueryClient) {
  editLists(client, (list) => ({
    notifications: list.notifications.map((n) => (n.isRead ? n : { ...n, isRead: true })),
    unreadCount: 0,
  }));
  editCount(client, () => 0);
}

/**
 * A notification that arrived over the socket goes on top of the bell's list and into the
 * badge before any refetch. The paged lists are offset-based, so they just refetch.
 */
export function addNotificationToCache(client: QueryClient, notification: TNotification) {
  const latest = client.getQueryData<TNotificationList>(latestNotificationsKey);
  if (latest?.notifications.some((n) => n.id === notification.id)) return;
  const bump = notification.isRead ? 0 : 1;
  if (latest) {
    client.setQueryData<TNotificationList>(latestNotificationsKey, {
      notifications: [notification, ...latest.notifications].slice(0, NOTIFICATIONS_PAGE),
      unreadCount: latest.unreadCount + bump,
    });
  }
  editCount(client, (count) => count + bump);
}
