import { useMutation } from '@tanstack/react-query';
import { ZTestCheckoutResult, type TTestCheckoutResult } from '#shared/payments/payments.schemas';
import { apiPost } from '#client/lib/api-client';

/** POST /api/payments/test-checkout/{reference}/pay: pays at once; answers the success URL. */
export async function payTestCheckout(reference: string): Promise<TTestCheckoutResult> {
  return ZTestCheckoutResult.parse(
    await apiPost<unknown>(`/api/payments/test-checkout/${encodeURIComponent(reference)}/pay`),
  );
}

export function usePayTestCheckout() {
  return useMutation({ mutationFn: payTestCheckout, retry: false });
}
