import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZPurchase, type TPurchase, type TRefundRequestInput } from '#shared/payments/payments.schemas';
import { apiPost } from '#client/lib/api-client';
import { toast } from '#client/lib/toast';
import { purchasesKey } from './query-keys';

/** POST /api/payments/{paymentId}/refund-request: answers the purchase with its refund request. */
export async function requestRefund(paymentId: string, body: TRefundRequestInput): Promise<TPurchase> {
  return ZPurchase.parse(await apiPost<unknown>(`/api/payments/${encodeURIComponent(paymentId)}/refund-request`, body));
}

export function useRequestRefund(paymentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TRefundRequestInput) => requestRefund(paymentId, body),
    // A second request for the same payment is refused (one per payment); no point retrying.
    retry: false,
    onSuccess: () => {
      toast({
        title: 'Refund requested',
        description: 'An admin will review your request. We will notify you of the decision.',
      });
      return client.invalidateQueries({ queryKey: purchasesKey });
    },
  });
}
