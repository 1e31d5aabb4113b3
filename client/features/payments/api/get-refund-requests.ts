import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZAdminRefundList, type TAdminRefundList, type TRefundStatus } from '#shared/payments/payments.schemas';
import { apiGet } from '#client/lib/api-client';
import { adminRefundsKey } from './query-keys';

/** GET /api/admin/refund-requests?status=: the refund queue in one status (admins only). */
export async function getRefundRequests(status: TRefundStatus, signal?: AbortSignal): Promise<TAdminRefundList> {
  return ZAdminRefundList.parse(await apiGet<unknown>(`/api/admin/refund-requests?status=${status}`, signal));
}

export const refundRequestsQueryOptions = (status: TRefundStatus) =>
  queryOptions({ queryKey: adminRefundsKey(status), queryFn: ({ signal }) => getRefundRequests(status, signal) });

export function useRefundRequests(status: TRefundStatus = 'pending') {
  return useQuery(refundRequestsQueryOptions(status));
}
