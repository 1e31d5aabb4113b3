import fc from 'fast-check';
import type { TMilestoneStatus } from '#shared/talent/escrow.schemas';
import { AUTO_RELEASE_AFTER_MS } from '#shared/talent/escrow.schemas';
import type { TGigStatus } from '#shared/talent/gig-machine';
import { bidInput, gigInput } from '#server/features/talent/testing/gig-fixtures';
import type { World } from './wallet-world';

/** A milestone as the test expects it to be: its amount and where it stands. */
export interface WorldMilestone {
  id: string;
  amountMinor: number;
  status: TMilestoneStatus;
}

/** A gig of the run's poster with its hired talent, as the test expects it to be (decision 060's rules, written out). */
export interface WorldGig {
  id: string;
  status: TGigStatus;
  /** When the current delivery was made: 14 days on, what it holds releases itself. */
  deliveredAt: number | null;
  changeRequests: number;
  milestones: WorldMilestone[];
}

/** A plan of one to four milestones, in odd kobo, so that a split's share of the fee rounds. */
export const plan = fc.array(fc.integer({ min: 50_000, max: 3_000_000 }), { minLength: 1, maxLength: 4, size: 'max' });

/**
 * The poster posts a fixed-price naira gig, the talent bids what the plan adds up to, the poster
 * accepts and, for more than one part, splits it into the plan's milestones: all through the
 * services, as the gig page does.
 */
export async function hire(w: World, parts: number[]): Promise<WorldGig> {
  const { gigs } = w.h.services;
  const gig = await gigs.create(w.poster, gigInput({ title: 'Ledger gig' }));
  const amount = parts.reduce((s, a) => s + a, 0);
  const bid = await gigs.bid(w.talent, gig.id, bidInput({ amount }));
  let detail = await gigs.acceptBid(w.poster, bid.id);
  if (parts.length > 1) {
    const milestones = parts.map((amountMinor, i) => ({ title: `Part ${i + 1}`, amountMinor }));
    detail = await gigs.escrow.plan(w.poster, gig.id, { milestones });
  }
  const made: WorldGig = {
    id: gig.id,
    status: 'in_progress',
    deliveredAt: null,
    changeRequests: 0,
    milestones: detail.milestones!.map((m) => ({ id: m.id, amountMinor: m.amountMinor, status: m.status })),
  };
  if (made.milestones.map((m) => m.amountMinor).join() !== parts.join())
    throw new Error(`the plan ${parts.join()} made milestones of ${made.milestones.map((m) => m.amountMinor).join()}`);
  w.gigs.push(made);
  return made;
}

/** Money in escrow now: paid in, neither released nor refunded. */
export const isHeld = (m: WorldMilestone) =>
  m.status === 'funded' || m.status === 'submitted' || m.status === 'disputed';

/**
 * The poster accepted the delivery, or 14 days passed: every funded and submitted milestone is
 * released whole; the gig goes back to work when milestones are still to be funded, else completes.
 */
export function releaseHeld(w: World, g: WorldGig): void {
  const next = g.milestones.some(isHeld) && g.milestones.some((m) => m.status === 'unfunded');
  for (const m of g.milestones) {
    if (m.status !== 'funded' && m.status !== 'submitted') continue;
    w.model.release(m.id, m.amountMinor);
    m.status = 'released';
  }
  g.status = next ? 'in_progress' : 'completed';
  g.deliveredAt = null;
}

/** Whether the timed release of this delivery is due at `now`: nothing disputed holds it back. */
export const releaseDue = (g: WorldGig, now: Date) =>
  g.status === 'delivered' &&
  g.deliveredAt !== null &&
  g.deliveredAt + AUTO_RELEASE_AFTER_MS <= now.getTime() &&
  !g.milestones.some((m) => m.status === 'disputed');

/** The run's gigs and milestones as the services show them to the poster, to compare with what the test expects. */
export async function escrowAsShown(w: World) {
  const shown = [];
  for (const g of w.gigs) {
    const detail = await w.h.services.gigs.detail(w.poster, g.id);
    shown.push({ status: detail.status, milestones: detail.milestones!.map((m) => m.status) });
  }
  return shown;
}

export const escrowExpected = (w: World) =>
  w.gigs.map((g) => ({ status: g.status, milestones: g.milestones.map((m) => m.status) }));
