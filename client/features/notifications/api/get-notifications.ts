import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { NOTIFICATIONS_PAGE, NOTIFICATIONS_POLL_MS } from '#shared/constants';
import {
  ZNotificationList,
  type TNotificationList,
  type TUnreadCount,
} from '#shared/notifications/notifications.schemas';
import { apiGet } from '#client/lib/api-client';
import { notificationsErrorMeta, notificationsKey, unreadCountKey } from './query-keys';

export interface NotificationsPageQuery {
  limit?: number;
  offset?: number;
  unread?: boolean;
}

/** GET /api/notifications?limit=20&offset=0[&unread=true] */
export async function getNotifications(
  query: NotificationsPageQuery = {},
  signal?: AbortSignal,
): Promise<TNotificationList> {
  const params = new URLSearchParams({
    limit: String(query.limit ?? NOTIFICATIONS_PAGE),
    offset: String(query.offset ?? 0),
  });
  if (query.unread) params.set('unread', 'true');
  return ZNotificationList.parse(await apiGet<unknown>(`/api/notifications?${params}`, signal));
}

export const latestNotificationsKey = [...notificationsKey, { limit: NOTIFICATIONS_PAGE, offset: 0 }] as const;

/**
 * The bell's list: the latest page, polled every 30 s (docs/spec.md §7). Each answer also
 * carries the unread count, which the badge's own query takes at once rather than asking again.
 */
export const latestNotificationsQueryOptions = queryOptions({
  queryKey: latestNotificationsKey,
  queryFn: async ({ client, signal }) => {
    const list = await getNotifications({}, signal);
    client.setQueryData<TUnreadCount>(unreadCountKey, { unreadCount: list.unreadCount });
    return list;
  },
  refetchInterval: NOTIFICATIONS_POLL_MS,
  meta: notificationsErrorMeta,
});

export function useLatestNotifications() {
  return useQuery(latestNotificationsQueryOptions);
}

/** The next offset, or undefined after the last page. */
export function nextNotificationsOffset(
  last: TNotificationList,
  lastOffset: number,
  unread: boolean,
): number | undefined {
  const loaded = lastOffset + last.notifications.length;
  // A short page is the last one; with the unread filter the count says so a page sooner.
  if (last.notifications.length < NOTIFICATIONS_PAGE) return undefined;
  if (unread && loaded >= last.unreadCount) return undefined;
  return loaded;
}

/** /notifications: pages of 20 by offset, all or unread only. */
export function notificationPagesQueryOptions(unread: boolean) {
  return infiniteQueryOptions({
    queryKey: [...notificationsKey, { pages: true, unread }] as const,
    queryFn: ({ pageParam, signal }) => getNotifications({ offset: pageParam, unread }, signal),
    initialPageParam: 0,
    getNextPageParam: (last, _pages, lastOffset) => nextNotificationsOffset(last, lastOffset, unread),
    meta: notificationsErrorMeta,
  });
}

export function useNotificationPages(unread: boolean) {
  return useInfiniteQuery(notificationPagesQueryOptions(unread));
}
