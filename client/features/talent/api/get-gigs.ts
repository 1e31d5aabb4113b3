import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ZGigDetail,
  ZGigList,
  ZGigMatch,
  ZMyBids,
  ZMyGigs,
  ZMyInvitations,
  type TGigDetail,
  type TGigList,
} from '#shared/talent/talent.schemas';
import { apiGet, encodeId } from '#client/lib/api-client';
import { gigKey, gigListKey, gigMatchKey, myBidsKey, myGigsKey, myInvitationsKey } from './query-keys';

export interface GigsQuery {
  q?: string;
  skills?: string;
  page?: number;
}

function search(query: Record<string, string | number | undefined>) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** GET /api/talent/gigs: open gigs, searched and filtered by skills. */
export async function getGigs(query: GigsQuery, signal?: AbortSignal): Promise<TGigList> {
  return ZGigList.parse(await apiGet<unknown>(`/api/talent/gigs${search({ ...query })}`, signal));
}
export function useGigs(query: GigsQuery) {
  return useQuery({
    queryKey: gigListKey({ ...query }),
    queryFn: ({ signal }) => getGigs(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/talent/gigs/{id}: the gig with the bids the viewer may see and what they may do. */
export async function getGig(id: string, signal?: AbortSignal): Promise<TGigDetail> {
  return ZGigDetail.parse(await apiGet<unknown>(`/api/talent/gigs/${encodeId(id)}`, signal));
}
export function useGig(id: string) {
  return useQuery({ queryKey: gigKey(id), queryFn: ({ signal }) => getGig(id, signal), enabled: Boolean(id) });
}

/** "How you match" on a gig, for a signed-in member (issue 31 item 3). */
export function useGigMatch(id: string, enabled: boolean) {
  return useQuery({
    queryKey: gigMatchKey(id),
    queryFn: async ({ signal }) =>
      ZGigMatch.parse(await apiGet<unknown>(`/api/talent/gigs/${encodeId(id)}/match`, signal)),
    enabled,
  });
}

export function useMyGigs(enabled = true) {
  return useQuery({
    queryKey: myGigsKey,
    queryFn: async ({ signal }) => ZMyGigs.parse(await apiGet<unknown>('/api/talent/my-gigs', signal)),
    enabled,
  });
}
export function useMyBids(enabled = true) {
  return useQuery({
    queryKey: myBidsKey,
    queryFn: async ({ signal }) => ZMyBids.parse(await apiGet<unknown>('/api/talent/my-bids', signal)),
    enabled,
  });
}

/** GET /api/talent/my-invitations: open gigs the member is invited to and has not bid on (the badge counts them). */
export function useMyInvitations(enabled = true) {
  return useQuery({
    queryKey: myInvitationsKey,
    queryFn: async ({ signal }) => ZMyInvitations.parse(await apiGet<unknown>('/api/talent/my-invitations', signal)),
    enabled,
  });
}

export { search as querySuffix };
