import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ZStats, type TStats } from '#shared/admin/admin.schemas';
import { apiGet } from '#client/lib/api-client';
import { adminKeys, searchOf } from './admin-keys';

/** GET /api/admin/stats?from=&to=: every overview figure by day. */
export async function getStats(from: string, to: string, signal?: AbortSignal): Promise<TStats> {
  return ZStats.parse(await apiGet<unknown>(`/api/admin/stats?${searchOf({ from, to })}`, signal));
}

export function useStats(from: string, to: string) {
  return useQuery({
    queryKey: adminKeys.stats(from, to),
    queryFn: ({ signal }) => getStats(from, to, signal),
    placeholderData: keepPreviousData,
  });
}
