import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { ZVerifyPaymentResult } from '#shared/payments/payments.schemas';
import { apiPost } from '#client/lib/api-client';

/**
 * Back from a gateway (`?session_id=…&gateway=…`) on the page the item chose: asks the server to
 * confirm the payment with the gateway (POST /api/payments/verify), so that what was paid for
 * takes effect even where no webhook comes; then what the page shows (`shows`) is read again.
 */
export function useVerifyReturn(sessionId: string | null, gateway: string | null, shows: QueryKey) {
  const client = useQueryClient();
  return useQuery({
    queryKey: ['/api/payments/verify', sessionId, gateway],
    enabled: Boolean(sessionId),
    retry: false,
    staleTime: Infinity,
    queryFn: async () => {
      const answer = ZVerifyPaymentResult.parse(
        await apiPost<unknown>('/api/payments/verify', { gateway: gateway ?? 'stripe', transactionId: sessionId }),
      );
      // A first read still under way may predate the confirmation: it gives way to a fresh one.
      await client.cancelQueries({ queryKey: shows });
      await client.invalidateQueries({ queryKey: shows });
      return answer;
    },
  });
}
