import { useQuery } from '@tanstack/react-query';
import { ZEarningsByMonth, type TEarningsByMonth } from '#shared/wallet/earnings.schemas';
import { apiGet } from '#client/lib/api-client';
import { apiUrl } from '#client/lib/env';

export const earningsKey = ['/api/wallet/earnings-by-month'] as const;

export async function getEarningsByMonth(signal?: AbortSignal): Promise<TEarningsByMonth> {
  return ZEarningsByMonth.parse(await apiGet<unknown>('/api/wallet/earnings-by-month', signal));
}

export function useEarningsByMonth() {
  return useQuery({ queryKey: earningsKey, queryFn: ({ signal }) => getEarningsByMonth(signal) });
}

/** Every line of the member's wallet as CSV: a plain link, so the browser downloads it with the session's cookie. */
export const walletCsvUrl = apiUrl('/api/wallet/entries.csv');
