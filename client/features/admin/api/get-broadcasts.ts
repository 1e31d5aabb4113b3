import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZBroadcastList, type TBroadcastList } from '../../../../shared/notifications/broadcasts.schemas';
import { apiGet } from '../../../lib/api-client';

export const broadcastsKey = ['/api/admin/broadcasts'] as const;

/** GET /api/admin/broadcasts: the most recent broadcasts, newest first. */
export async function getBroadcasts(signal?: AbortSignal): Promise<TBroadcastList> {
  return ZBroadcastList.parse(await apiGet<unknown>('/api/admin/broadcasts', signal));
}

export const broadcastsQueryOptions = queryOptions({
  queryKey: broadcastsKey,
  queryFn: ({ signal }) => getBroadcasts(signal),
});

export function useBroadcasts() {
  return useQuery(broadcastsQueryOptions);
}
