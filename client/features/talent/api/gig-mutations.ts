import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  TBidInput,
  TGigDetail,
  TGigInput,
  TInvitation,
  TInvitationInput,
  TReviewInput,
} from '#shared/talent/talent.schemas';
import { apiPatch, apiPost, encodeId } from '#client/lib/api-client';
import { gigKey, gigsKey, myBidsKey, myGigsKey, myInvitationsKey, talentKey } from './query-keys';

/** After any change to a gig: its page and the lists that show it. */
function useRefresh() {
  const client = useQueryClient();
  return (gigId?: string) =>
    Promise.all([
      gigId ? client.invalidateQueries({ queryKey: gigKey(gigId) }) : undefined,
      client.invalidateQueries({ queryKey: gigsKey }),
      client.invalidateQueries({ queryKey: myGigsKey }),
      client.invalidateQueries({ queryKey: myBidsKey }),
      client.invalidateQueries({ queryKey: myInvitationsKey }),
    ]);
}

/** POST /api/talent/gigs. */
export function useCreateGig() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: TGigInput) => apiPost<TGigDetail>('/api/talent/gigs', body),
    onSuccess: () => refresh(),
  });
}

/** POST /api/talent/gigs/{id}/bids, or PATCH /api/talent/bids/{bidId} to change one. */
export function useSaveBid(gigId: string, bidId?: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: TBidInput) =>
      bidId
        ? apiPatch<unknown>(`/api/talent/bids/${encodeId(bidId)}`, body)
        : apiPost<unknown>(`/api/talent/gigs/${encodeId(gigId)}/bids`, body),
    onSuccess: () => refresh(gigId),
  });
}

export type GigAction =
  'accept' | 'withdraw' | 'deliver' | 'accept-delivery' | 'request-changes' | 'cancel' | 'dispute';

/** The buttons of a gig's page: each one POST, then the gig refetches. */
export function useGigAction(gigId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({
      action,
      bidId,
      note,
      fileUploadIds,
    }: {
      action: GigAction;
      bidId?: string;
      note?: string;
      fileUploadIds?: string[];
    }) => {
      if (action === 'accept' || action === 'withdraw')
        return apiPost<unknown>(`/api/talent/bids/${encodeId(bidId!)}/${action}`);
      return apiPost<unknown>(
        `/api/talent/gigs/${encodeId(gigId)}/${action}`,
        note === undefined ? undefined : { note, ...(fileUploadIds ? { fileUploadIds } : {}) },
      );
    },
    onSuccess: () => refresh(gigId),
  });
}

/** POST /api/talent/gigs/{id}/reviews. */
export function useReviewGig(gigId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: TReviewInput) => apiPost<unknown>(`/api/talent/gigs/${encodeId(gigId)}/reviews`, body),
    onSuccess: () => refresh(gigId),
  });
}

/** POST /api/talent/gigs/{gigId}/invitations: invite a talent to bid; their page refetches to mark the gig invited. */
export function useInviteToBid(talentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (gigId: string) =>
      apiPost<TInvitation>(`/api/talent/gigs/${encodeId(gigId)}/invitations`, { talentId } satisfies TInvitationInput),
    onSuccess: () => client.invalidateQueries({ queryKey: talentKey(talentId) }),
  });
}
