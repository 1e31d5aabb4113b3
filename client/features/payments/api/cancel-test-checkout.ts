import { useMutation } from '@tanstack/react-query';
import { ZTestCheckoutResult, type TTestCheckoutResult } from '#shared/payments/payments.schemas';
import { apiPost } from '#client/lib/api-client';

/** POST /api/payments/test-checkout/{reference}/cancel: closes the checkout; answers the cancel URL. */
export async function cancelTestCheckout(reference: string): Promise<TTestCheckoutResult> {
  return ZTestCheckoutResult.parse(
    await apiPost<unknown>(`/api/payments/test-checkout/${encodeURIComponent(reference)}/cancel`),
  );
}

export function useCancelTestCheckout() {
  return useMutation({ mutationFn: cancelTestCheckout, retry: false });
}
