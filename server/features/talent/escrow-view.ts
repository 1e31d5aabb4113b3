import { formatAmount } from '#shared/money';
import {
  AUTO_RELEASE_AFTER_MS,
  HELD_STATUSES,
  type TEscrow,
  type TMilestone,
  type TMilestoneStatus,
} from '#shared/talent/escrow.schemas';
import type { TGigParty, TGigStatus } from '#shared/talent/gig-machine';
import type { MilestoneRow } from './escrow.repo';

/*
 * How a gig's escrow reads to the people on it (decision 060): pure functions of the milestone
 * rows, the gig's status and who is looking, so the sentences and sums are tested without a database.
 */

type Gig = { status: TGigStatus; statusAt: Date };
type Milestones = ReadonlyArray<
  Pick<MilestoneRow, 'title' | 'amountMinor' | 'status' | 'fundedAt' | 'releasedMinor' | 'refundedMinor'>
>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const naira = (minor: number) => formatAmount(minor, 'NGN');
export const isHeld = (status: TMilestoneStatus) => (HELD_STATUSES as readonly string[]).includes(status);
/** The statuses that lock the plan: money is in escrow or went to the talent. */
const LOCKS_PLAN: readonly TMilestoneStatus[] = ['funded', 'submitted', 'released', 'disputed'];
/** Gig statuses in which the poster funds, cancels and re-plans milestones. */
export const LIVE_GIG: readonly TGigStatus[] = ['in_progress', 'delivered'];

/** Payments' fee on a sale of this amount: what funding will fix on a milestone not funded yet. */
export type FeeOf = (amountMinor: number) => number;

/** The platform's fee on `part` of a milestone: its share of the fee fixed when it was funded. */
export const feeOn = (m: Pick<MilestoneRow, 'amountMinor' | 'feeMinor'>, part: number) =>
  m.amountMinor > 0 ? Math.round((part * (m.feeMinor ?? 0)) / m.amountMinor) : 0;

const SETTLED: readonly TMilestoneStatus[] = ['released', 'refunded', 'cancelled'];

/**
 * What the talent receives for a milestone after the platform fee, by the release's own rule
 * (`feeOn`): what was released once it is settled, else what releasing all of it would pay.
 */
export function talentShare(
  m: Pick<MilestoneRow, 'amountMinor' | 'feeMinor' | 'status' | 'releasedMinor'>,
  feeOf: FeeOf,
) {
  const part = SETTLED.includes(m.status) ? m.releasedMinor : m.amountMinor;
  const fee = feeOn({ amountMinor: m.amountMinor, feeMinor: m.feeMinor ?? feeOf(m.amountMinor) }, part);
  return { talentNetMinor: part - fee, platformFeeMinor: fee };
}

/** An admin's decision as both sides read it; null until a dispute on it is decided. */
const outcomeOf = (m: MilestoneRow): TMilestone['outcome'] =>
  m.resolution && m.resolvedAt
    ? {
        decision: m.resolution,
        reason: m.resolutionReason ?? '',
        releasedMinor: m.releasedMinor,
        refundedMinor: m.refundedMinor,
        decidedAt: m.resolvedAt.toISOString(),
      }
    : null;

export function presentMilestone(m: MilestoneRow, gig: Gig, parties: readonly TGigParty[], feeOf: FeeOf): TMilestone {
  const actions: TMilestone['actions'] = [];
  const poster = parties.includes('poster');
  if (poster && m.status === 'unfunded' && LIVE_GIG.includes(gig.status)) actions.push('checkout', 'cancel');
  if ((poster || parties.includes('talent')) && (m.status === 'funded' || m.status === 'submitted'))
    actions.push('dispute');
  if (parties.includes('admin') && isHeld(m.status)) actions.push('resolve');
  return {
    id: m.id,
    title: m.title,
    amountMinor: m.amountMinor,
    status: m.status,
    dueDate: m.dueDate,
    fundedAt: iso(m.fundedAt),
    submittedAt: iso(m.submittedAt),
    releasedAt: iso(m.releasedAt),
    autoReleaseAt:
      m.status === 'submitted' && gig.status === 'delivered'
        ? new Date(gig.statusAt.getTime() + AUTO_RELEASE_AFTER_MS).toISOString()
        : null,
    actions,
    ...talentShare(m, feeOf),
    outcome: outcomeOf(m),
  };
}

/** What went in, what is held, what went out: each a sum over the milestones. */
export function escrowSums(milestones: Milestones) {
  let fundedMinor = 0;
  let heldMinor = 0;
  let releasedMinor = 0;
  let refundedMinor = 0;
  for (const m of milestones) {
    if (m.fundedAt) fundedMinor += m.amountMinor;
    if (isHeld(m.status)) heldMinor += m.amountMinor - m.releasedMinor - m.refundedMinor;
    releasedMinor += m.releasedMinor;
    refundedMinor += m.refundedMinor;
  }
  return { fundedMinor, heldMinor, releasedMinor, refundedMinor };
}

/** The poster may replace the plan while the gig is live and nothing is in escrow or released. */
export const planEditable = (gig: Gig, milestones: Milestones) =>
  LIVE_GIG.includes(gig.status) && !milestones.some((m) => LOCKS_PLAN.includes(m.status));

/** Null when the plan adds up to the accepted bid; else the sentence saying what it must add up to. */
export function planTotalError(amounts: readonly number[], totalMinor: number): string | null {
  const sum = amounts.reduce((s, a) => s + a, 0);
  if (sum === totalMinor) return null;
  return `The milestones must add up to ${naira(totalMinor)}, the accepted bid; these add up to ${naira(sum)}.`;
}

const firstName = (name: string) => name.split(/\s+/)[0] || name;

/** The sentence under the gig's escrow: what happens next, for the poster, the talent or an admin. */
export function escrowNext(v: {
  viewer: 'poster' | 'talent' | 'admin';
  gig: Gig;
  milestones: Milestones;
  posterName: string;
  talentName: string;
}): string {
  const { viewer, gig, milestones } = v;
  const poster = firstName(v.posterName);
  const talent = firstName(v.talentName);
  const sums = escrowSums(milestones);
  const disputed = milestones.find((m) => m.status === 'disputed');
  if (disputed)
    return `A dispute on “${disputed.title}” is with the team: they release, refund or split its ${naira(disputed.amountMinor)}, and you both read why.`;
  if (gig.status === 'completed' || gig.status === 'cancelled') {
    const parts = [
      sums.releasedMinor > 0 && `${naira(sums.releasedMinor)} was released to ${viewer === 'talent' ? 'you' : talent}.`,
      sums.refundedMinor > 0 && `${naira(sums.refundedMinor)} was refunded to ${viewer === 'poster' ? 'you' : poster}.`,
    ].filter(Boolean);
    return parts.length > 0
      ? `This gig is closed. ${parts.join(' ')}`
      : 'This gig is closed: nothing was paid through escrow.';
  }
  if (gig.status === 'disputed') return 'The team is deciding this gig’s dispute.';
  const held = naira(sums.heldMinor);
  if (sums.heldMinor > 0 && gig.status === 'delivered') {
    if (viewer === 'poster')
      return `${held} is held. ${talent} delivered: accept the work to release it, or ask for changes; 14 days of silence release it.`;
    if (viewer === 'talent')
      return `${held} is held for you. ${poster} releases it by accepting your work; if they say nothing for 14 days, it releases itself.`;
    return `${held} is held; the delivery waits for ${poster}’s answer.`;
  }
  if (sums.heldMinor > 0) {
    if (viewer === 'poster')
      return `${held} is held. When ${talent} submits, you release it or ask for changes; 14 days of silence release it.`;
    if (viewer === 'talent')
      return `${held} is held for you: the work is paid for. When you deliver, ${poster} releases it or asks for changes; 14 days of silence release it.`;
    return `${held} is held while ${talent} works.`;
  }
  const next = milestones.find((m) => m.status === 'unfunded');
  const before = milestones.some((m) => m.fundedAt);
  if (next) {
    if (viewer === 'poster' && gig.status === 'delivered')
      return `${talent} delivered. Fund “${next.title}” to pay through escrow, or accept the work to close the gig.`;
    if (viewer === 'poster')
      return before
        ? `Fund the next milestone, “${next.title}”, so ${talent} can carry on.`
        : `Fund the first milestone so ${talent} can start.`;
    if (viewer === 'talent')
      return before
        ? `Waiting for ${poster} to fund the next milestone, “${next.title}”.`
        : `Waiting for ${poster} to fund the first milestone. Start work once it is funded.`;
    return `Waiting for ${poster} to fund “${next.title}”.`;
  }
  // Once money has moved the plan is fixed (planEditable): there is nothing more to plan, only the work to close.
  if (before) {
    if (viewer === 'poster')
      return `Every milestone is settled. When ${talent}’s work is done, accept it to close the gig.`;
    if (viewer === 'talent')
      return `Every milestone is settled. Deliver the rest of the work for ${poster} to close the gig.`;
    return 'Every milestone is settled; the gig waits to be closed.';
  }
  if (viewer === 'poster') return 'No milestone is waiting: plan the next one to pay through escrow.';
  return 'No milestone is funded or planned.';
}

export function presentEscrow(
  gig: Gig,
  milestones: Milestones,
  v: {
    viewer: 'poster' | 'talent' | 'admin';
    planTotalMinor: number;
    posterName: string;
    talentName: string;
    feePercent: number;
  },
): TEscrow {
  return {
    ...escrowSums(milestones),
    planTotalMinor: v.planTotalMinor,
    canEditPlan: v.viewer === 'poster' && planEditable(gig, milestones),
    next: escrowNext({ viewer: v.viewer, gig, milestones, posterName: v.posterName, talentName: v.talentName }),
    feePercent: v.feePercent,
  };
}
