import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZAdminRefundRequest,
  type TAdminRefundRequest,
  type TRefundDecisionInput,
} from '#shared/payments/payments.schemas';
import { apiPost } from '#client/lib/api-client';
import { toast } from '#client/lib/toast';
import { adminRefundsPrefix } from './query-keys';

/** POST /api/admin/refund-requests/{id}/decision: approve (refunds, ends access) or decline with a note. */
export async function decideRefund(id: string, body: TRefundDecisionInput): Promise<TAdminRefundRequest> {
  return ZAdminRefundRequest.parse(
    await apiPost<unknown>(`/api/admin/refund-requests/${encodeURIComponent(id)}/decision`, body),
  );
}

export function useDecideRefund(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TRefundDecisionInput) => decideRefund(id, body),
    // Approval moves money at the gateway: never sent twice by the client on its own.
    retry: false,
    onSuccess: (decided) => {
      toast(
        decided.status === 'approved'
          ? {
              title: 'Refund approved',
              description: `${decided.learner.fullName} has been refunded and their access has ended.`,
            }
          : { title: 'Refund declined', description: `${decided.learner.fullName} has been told why.` },
      );
      // Every status tab changes: the request leaves "pending" and joins its new status.
      return client.invalidateQueries({ queryKey: adminRefundsPrefix });
    },
  });
}
