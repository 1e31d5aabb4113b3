import { lt, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { MAX_CHANGE_REQUESTS, type TGigStatus, type TGigTransition } from '#shared/talent/gig-machine';
import { gigsRepo } from './gigs.repo';
import { gigs, type GigRow } from './talent.table';

/** Conditions a transition needs beyond its `from` status, checked in the same UPDATE. */
const GUARDS: Partial<Record<TGigTransition, (now: Date) => SQL>> = {
  request_changes: () => lt(gigs.changeRequests, MAX_CHANGE_REQUESTS),
};

export const gigMachineRepo = {
  /**
   * Moves the gig by transition `name` if it is still in `from`, meets the transition's guard and,
   * for a timed transition, entered `from` no later than `enteredBy`: one UPDATE, so of two racing
   * callers exactly one moves it. Undefined when it did not move.
   */
  move(
    tx: DbOrTx,
    gigId: string,
    name: TGigTransition,
    from: TGigStatus,
    set: Partial<GigRow>,
    now: Date,
    enteredBy: Date | undefined,
  ): Promise<GigRow | undefined> {
    const timed = enteredBy === undefined ? undefined : lte(gigs.statusAt, enteredBy);
    const guard = GUARDS[name]?.(now);
    const extra = timed && guard ? sql`${timed} and ${guard}` : (timed ?? guard);
    return gigsRepo.move(tx, gigId, from, set, extra);
  },
};
