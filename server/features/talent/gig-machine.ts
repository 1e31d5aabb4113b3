import type { DbOrTx } from '#server/db/client';
import { AppError } from '#server/lib/errors';
import { GIG_TRANSITIONS, type GigTransition, type TGigParty, type TGigTransition } from '#shared/talent/gig-machine';
import type { TUser } from '#shared/accounts/accounts.schemas';
import { gigMachineRepo } from './gig-machine.repo';
import { gigsRepo, type GigRow } from './gigs.repo';

/** The parties `user` is to `gig`: its poster, its hired talent, an admin. */
export function partiesOf(
  gig: Pick<GigRow, 'posterId' | 'talentId'>,
  user: Pick<TUser, 'id' | 'role'> | null,
): TGigParty[] {
  if (!user) return [];
  const parties: TGigParty[] = [];
  if (gig.posterId === user.id) parties.push('poster');
  if (gig.talentId === user.id) parties.push('talent');
  if (user.role === 'admin') parties.push('admin');
  return parties;
}

export interface TakeOptions {
  /** Who takes it; 'system' for the timed transitions run by jobs. */
  party: TGigParty;
  actorId: string | null;
  now: Date;
  /** Columns the transition writes besides the status (the hired talent, the delivery note). */
  set?: Partial<GigRow>;
  note?: string | null;
}

/**
 * The one way a gig changes status (decision 026). The transition's row in GIG_TRANSITIONS says
 * from where, to where and by whom; the UPDATE carries `status = from` (and, for a timed
 * transition, "entered `from` at least `afterMs` ago"), so of two racing callers exactly one
 * moves the gig and the other gets a 409. Each move is written to gig_events.
 */
export async function takeTransition(
  tx: DbOrTx,
  gigId: string,
  name: TGigTransition,
  opts: TakeOptions,
): Promise<GigRow> {
  const t: GigTransition = GIG_TRANSITIONS[name];
  if (!t.by.includes(opts.party)) throw new AppError('FORBIDDEN', 'You cannot do this on this gig.');
  const enteredBy = t.afterMs === undefined ? undefined : new Date(opts.now.getTime() - t.afterMs);
  const moved = await gigMachineRepo.move(
    tx,
    gigId,
    name,
    t.from,
    { ...opts.set, status: t.to, statusAt: opts.now, updatedAt: opts.now },
    opts.now,
    enteredBy,
  );
  if (!moved) throw new AppError('CONFLICT', 'This gig has moved on: reload it to see where it stands.');
  await gigsRepo.addEvent(tx, {
    gigId,
    transition: name,
    fromStatus: t.from,
    toStatus: t.to,
    actorId: opts.actorId,
    note: opts.note ?? null,
    createdAt: opts.now,
  });
  return moved;
}
