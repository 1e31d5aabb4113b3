/**
 * Keys are the request paths split at their ids (shared/realtime/events.ts): a `gig:updated`
 * event's ['/api/talent/gigs', id] refreshes the gig's page, ['/api/talent/gigs'] every list.
 * A list's filters follow as an object, never a string, so they cannot pass for an id.
 */
export const gigsKey = ['/api/talent/gigs'] as const;
export const gigListKey = (query: Record<string, unknown>) => [...gigsKey, query] as const;
export const gigKey = (id: string) => ['/api/talent/gigs', id] as const;
/** The viewer's match against a gig, under the gig's key so that its updates refresh it. */
export const gigMatchKey = (id: string) => [...gigKey(id), 'match'] as const;
export const myGigsKey = ['/api/talent/my-gigs'] as const;
export const myBidsKey = ['/api/talent/my-bids'] as const;
/**
 * The invitations are a view of the gigs, filed under the gigs' key with a filter object (not
 * their own path): the cache keys of docs/spec.md §7 name only the gigs' paths, so `gig:created`
 * and `gig:updated` refresh this list through ['/api/talent/gigs'].
 */
export const myInvitationsKey = [...gigsKey, { invitations: true }] as const;
export const talentsKey = ['/api/talent'] as const;
export const talentListKey = (query: Record<string, unknown>) => [...talentsKey, query] as const;
export const talentKey = (id: string) => ['/api/talent', id] as const;
