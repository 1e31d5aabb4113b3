/**
 * A gig's life as data (decision 026), the way Sharetribe writes transaction processes: each
 * transition names the state it leaves, the state it enters, who may take it, and (for the
 * system's timed ones) after how long. The server enforces it in one function
 * (server/features/talent/gig-machine.ts); the client reads it to show the buttons that apply.
 * Escrow (decision 060) added rows here rather than statuses: the money's state is the milestones'.
 */
export const GIG_STATUSES = ['open', 'in_progress', 'delivered', 'completed', 'cancelled', 'disputed'] as const;
export type TGigStatus = (typeof GIG_STATUSES)[number];

export const BID_STATUSES = ['pending', 'accepted', 'rejected', 'withdrawn'] as const;
export type TBidStatus = (typeof BID_STATUSES)[number];

/** Who may take a transition: the gig's poster, its hired talent, either of them, or the system's timer. */
export type TGigParty = 'poster' | 'talent' | 'system' | 'admin';

export const DAY_MS = 24 * 60 * 60 * 1000;
/** A delivery nobody answers is accepted this long after it was made. */
export const AUTO_COMPLETE_AFTER_MS = 7 * DAY_MS;
/** Reviews show when both sides wrote theirs, or this long after completion. */
export const REVIEW_REVEAL_AFTER_MS = 14 * DAY_MS;
/** The poster may ask for changes this many times; then only accept or dispute. */
export const MAX_CHANGE_REQUESTS = 3;

export interface GigTransition {
  from: TGigStatus;
  to: TGigStatus;
  by: readonly TGigParty[];
  /** Timed: the system takes it this long after the gig entered `from`. */
  afterMs?: number;
}

export const GIG_TRANSITIONS = {
  accept_bid: { from: 'open', to: 'in_progress', by: ['poster'] },
  cancel: { from: 'open', to: 'cancelled', by: ['poster', 'admin'] },
  deliver: { from: 'in_progress', to: 'delivered', by: ['talent'] },
  accept_delivery: { from: 'delivered', to: 'completed', by: ['poster'] },
  request_changes: { from: 'delivered', to: 'in_progress', by: ['poster'] },
  auto_complete: { from: 'delivered', to: 'completed', by: ['system'], afterMs: AUTO_COMPLETE_AFTER_MS },
  dispute: { from: 'delivered', to: 'disputed', by: ['poster', 'talent'] },
  // Escrow (decision 060). Accepting a delivery while milestones are still to be funded releases
  // what is held and sends the gig back to work on the next one (the accept-delivery route takes
  // it; `actions` never lists it). A delivery with money held releases itself after 14 days.
  accept_part: { from: 'delivered', to: 'in_progress', by: ['poster'] },
  auto_release: { from: 'delivered', to: 'completed', by: ['system'], afterMs: 14 * DAY_MS },
  auto_release_part: { from: 'delivered', to: 'in_progress', by: ['system'], afterMs: 14 * DAY_MS },
  // An admin decides a dispute in the console's queue (decision 027): for the talent or the poster.
  resolve_complete: { from: 'disputed', to: 'completed', by: ['admin'] },
  resolve_cancel: { from: 'disputed', to: 'cancelled', by: ['admin'] },
} as const satisfies Record<string, GigTransition>;
export type TGigTransition = keyof typeof GIG_TRANSITIONS;

/** The transitions `party` may take from `status` now (timed ones are the system's alone). */
export function transitionsFor(status: TGigStatus, parties: readonly TGigParty[]): TGigTransition[] {
  return (Object.keys(GIG_TRANSITIONS) as TGigTransition[]).filter((name) => {
    const t: GigTransition = GIG_TRANSITIONS[name];
    return t.from === status && t.by.some((p) => parties.includes(p));
  });
}

export const GIG_STATUS_LABELS: Record<TGigStatus, string> = {
  open: 'Open',
  in_progress: 'In progress',
  delivered: 'Delivered',
  completed: 'Completed',
  cancelled: 'Cancelled',
  disputed: 'Disputed',
};

export const BID_STATUS_LABELS: Record<TBidStatus, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  rejected: 'Not chosen',
  withdrawn: 'Withdrawn',
};
