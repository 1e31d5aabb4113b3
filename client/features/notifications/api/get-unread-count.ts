import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZUnreadCount, type TUnreadCount } from '#shared/notifications/notifications.schemas';
import { apiGet } from '#client/lib/api-client';
import { notificationsErrorMeta, unreadCountKey } from './query-keys';

/** GET /api/notifications/unread-count */
export async function getUnreadCount(signal?: AbortSignal): Promise<TUnreadCount> {
  return ZUnreadCount.parse(await apiGet<unknown>('/api/notifications/unread-count', signal));
}

export const unreadCountQueryOptions = queryOptions({
  queryKey: unreadCountKey,
  queryFn: ({ signal }) => getUnreadCount(signal),
  select: (data) => data.unreadCount,
  meta: notificationsErrorMeta,
});

/** The badge's number. The bell's polled list keeps it fresh (see get-notifications.ts). */
export function useUnreadCount() {
  return useQuery(unreadCountQueryOptions);
}
