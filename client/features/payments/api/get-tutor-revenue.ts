import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZTutorRevenue, type TTutorRevenue } from '#shared/payments/payments.schemas';
import { apiGet } from '#client/lib/api-client';
import { tutorRevenueKey } from './query-keys';

/** GET /api/tutor/revenue: the signed-in tutor's sales, fee and net, per currency and month. */
export async function getTutorRevenue(signal?: AbortSignal): Promise<TTutorRevenue> {
  return ZTutorRevenue.parse(await apiGet<unknown>('/api/tutor/revenue', signal));
}

export const tutorRevenueQueryOptions = queryOptions({
  queryKey: tutorRevenueKey,
  queryFn: ({ signal }) => getTutorRevenue(signal),
});

export function useTutorRevenue(enabled = true) {
  return useQuery({ ...tutorRevenueQueryOptions, enabled });
}
