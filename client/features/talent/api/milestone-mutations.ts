import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZCheckoutSession, type TCheckoutSession } from '#shared/payments/payments.schemas';
import { apiPost, apiPut, encodeId } from '#client/lib/api-client';
import type { TMilestoneDisputeInput, TMilestonePlanInput } from '#shared/talent/escrow.schemas';
import { gigKey, myGigsKey } from './query-keys';

/** After a change to a gig's milestones: its page, and the poster's list of gigs. */
function useRefresh(gigId: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: gigKey(gigId) }),
      client.invalidateQueries({ queryKey: myGigsKey }),
    ]);
}

/** PUT /api/talent/gigs/{id}/milestones: the poster's split of the accepted bid, before any funding. */
export function useSaveMilestones(gigId: string) {
  const refresh = useRefresh(gigId);
  return useMutation({
    mutationFn: (body: TMilestonePlanInput) => apiPut<unknown>(`/api/talent/gigs/${encodeId(gigId)}/milestones`, body),
    onSuccess: refresh,
  });
}

/** POST /api/talent/milestones/{id}/checkout: the gateway's page where the poster funds the milestone. */
export async function fundMilestone(milestoneId: string): Promise<TCheckoutSession> {
  return ZCheckoutSession.parse(await apiPost<unknown>(`/api/talent/milestones/${encodeId(milestoneId)}/checkout`));
}

/** POST /api/talent/milestones/{id}/cancel: an unfunded milestone the poster no longer wants. */
export function useCancelMilestone(gigId: string) {
  const refresh = useRefresh(gigId);
  return useMutation({
    mutationFn: (milestoneId: string) => apiPost<unknown>(`/api/talent/milestones/${encodeId(milestoneId)}/cancel`),
    onSuccess: refresh,
  });
}

/** POST /api/talent/milestones/{id}/dispute: either side sends a funded milestone to the admins, with a reason. */
export function useDisputeMilestone(gigId: string) {
  const refresh = useRefresh(gigId);
  return useMutation({
    mutationFn: ({ milestoneId, body }: { milestoneId: string; body: TMilestoneDisputeInput }) =>
      apiPost<unknown>(`/api/talent/milestones/${encodeId(milestoneId)}/dispute`, body),
    onSuccess: refresh,
  });
}
