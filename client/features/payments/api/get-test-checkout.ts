import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZTestCheckout, type TTestCheckout } from '#shared/payments/payments.schemas';
import { apiGet } from '#client/lib/api-client';
import { testCheckoutKey } from './query-keys';

/** GET /api/payments/test-checkout/{reference}: the built-in test gateway's checkout (the buyer's only). */
export async function getTestCheckout(reference: string, signal?: AbortSignal): Promise<TTestCheckout> {
  return ZTestCheckout.parse(
    await apiGet<unknown>(`/api/payments/test-checkout/${encodeURIComponent(reference)}`, signal),
  );
}

export const testCheckoutQueryOptions = (reference: string) =>
  queryOptions({ queryKey: testCheckoutKey(reference), queryFn: ({ signal }) => getTestCheckout(reference, signal) });

export function useTestCheckout(reference: string) {
  return useQuery({ ...testCheckoutQueryOptions(reference), enabled: Boolean(reference) });
}
