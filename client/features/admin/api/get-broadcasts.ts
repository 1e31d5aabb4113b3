import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ZBroadcastList, type TBroadcastList } from '#shared/notifications/broadcasts.schemas';
import { apiGet } from '#client/lib/api-client';

export const broadcastsKey = ['/api/admin/broadcasts'] as const;

/** GET /api/admin/broadcasts?page=: one page of the history, newest first. */
export async function getBroadcasts(page: number, signal?: AbortSignal): Promise<TBroadcastList> {
  return ZBroadcastList.parse(await apiGet<unknown>(`/api/admin/broadcasts${page > 1 ? `?page=${page}` : ''}`, signal));
}

export function useBroadcasts(page: number) {
  return useQuery({
    queryKey: [...broadcastsKey, page],
    queryFn: ({ signal }) => getBroadcasts(page, signal),
    placeholderData: keepPreviousData,
  });
}
