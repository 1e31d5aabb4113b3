import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZPurchaseList, type TPurchaseList } from '#shared/payments/payments.schemas';
import { apiGet } from '#client/lib/api-client';
import { purchasesKey } from './query-keys';

/** GET /api/user/payments: the signed-in learner's purchases, newest first. */
export async function getPurchases(signal?: AbortSignal): Promise<TPurchaseList> {
  return ZPurchaseList.parse(await apiGet<unknown>('/api/user/payments', signal));
}

export const purchasesQueryOptions = queryOptions({
  queryKey: purchasesKey,
  queryFn: ({ signal }) => getPurchases(signal),
});

export function usePurchases() {
  return useQuery(purchasesQueryOptions);
}
