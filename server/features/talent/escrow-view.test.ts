import { describe, expect, it } from 'vitest';
import type { TMilestoneStatus } from '#shared/talent/escrow.schemas';
import type { MilestoneRow } from './escrow.repo';
import { escrowNext, escrowSums, planEditable, planTotalError, presentMilestone, talentShare } from './escrow-view';

/** The escrow's sums, sentences and per-viewer actions (decision 060), without a database. */
const at = new Date('2026-12-01T09:00:00.000Z');
const row = (status: TMilestoneStatus, over: Partial<MilestoneRow> = {}): MilestoneRow => ({
  id: `m-${status}`,
  gigId: 'g',
  position: 0,
  title: 'Logo sketches',
  amountMinor: 5_000_000,
  currency: 'NGN',
  dueDate: null,
  status,
  paymentId: status === 'unfunded' ? null : 'p',
  feeMinor: 500_000,
  releasedMinor: 0,
  refundedMinor: 0,
  fundedAt: status === 'unfunded' || status === 'cancelled' ? null : at,
  submittedAt: status === 'submitted' ? at : null,
  releasedAt: null,
  disputedBy: null,
  disputeReason: null,
  disputedAt: null,
  resolution: null,
  resolutionReason: null,
  resolvedBy: null,
  resolvedAt: null,
  createdAt: at,
  updatedAt: at,
  ...over,
});
const live = { status: 'in_progress' as const, statusAt: at };
/** Payments' fee at 10%, as `PLATFORM_FEE_PERCENT` defaults. */
const feeOf = (amount: number) => Math.round(amount / 10);
const next = (
  viewer: 'poster' | 'talent' | 'admin',
  gig: Parameters<typeof escrowNext>[0]['gig'],
  ms: MilestoneRow[],
) => escrowNext({ viewer, gig, milestones: ms, posterName: 'Bola Adeyemi', talentName: 'Ada Okafor' });

describe('escrowSums', () => {
  it('counts what went in, what is held and what went out, a split both ways', () => {
    const split = row('released', { releasedMinor: 2_000_000, refundedMinor: 3_000_000 });
    expect(escrowSums([row('unfunded'), row('funded'), row('disputed'), split, row('cancelled')])).toEqual({
      fundedMinor: 15_000_000,
      heldMinor: 10_000_000,
      releasedMinor: 2_000_000,
      refundedMinor: 3_000_000,
    });
  });
});

describe('the plan', () => {
  it('adds up to the accepted bid, and says the total when it does not', () => {
    expect(planTotalError([1_500_000, 2_000_000], 3_500_000)).toBeNull();
    expect(planTotalError([1_500_000], 3_500_000)).toBe(
      'The milestones must add up to ₦35,000, the accepted bid; these add up to ₦15,000.',
    );
  });

  it('changes only while the gig is live and nothing is funded, released or disputed', () => {
    expect(planEditable(live, [row('unfunded'), row('cancelled'), row('refunded')])).toBe(true);
    for (const s of ['funded', 'submitted', 'released', 'disputed'] as const)
      expect(planEditable(live, [row('unfunded'), row(s)])).toBe(false);
    expect(planEditable({ status: 'completed', statusAt: at }, [row('unfunded')])).toBe(false);
  });
});

describe('presentMilestone', () => {
  it('offers each viewer what they may do', () => {
    expect(presentMilestone(row('unfunded'), live, ['poster'], feeOf).actions).toEqual(['checkout', 'cancel']);
    expect(presentMilestone(row('unfunded'), live, ['talent'], feeOf).actions).toEqual([]);
    expect(presentMilestone(row('funded'), live, ['talent'], feeOf).actions).toEqual(['dispute']);
    expect(presentMilestone(row('disputed'), live, ['poster'], feeOf).actions).toEqual([]);
    expect(presentMilestone(row('disputed'), live, ['admin'], feeOf).actions).toEqual(['resolve']);
    expect(presentMilestone(row('released'), live, ['admin'], feeOf).actions).toEqual([]);
  });

  it('says what the talent receives after the fee: the fee fixed at funding, else the one funding would fix', () => {
    expect(talentShare(row('unfunded', { feeMinor: null }), feeOf)).toEqual({
      talentNetMinor: 4_500_000,
      platformFeeMinor: 500_000,
    });
    // A fee fixed at another percent stays the one that applies.
    expect(talentShare(row('funded', { feeMinor: 250_000 }), feeOf).talentNetMinor).toBe(4_750_000);
    const split = row('released', { releasedMinor: 2_000_000, refundedMinor: 3_000_000 });
    expect(talentShare(split, feeOf)).toEqual({ talentNetMinor: 1_800_000, platformFeeMinor: 200_000 });
    expect(talentShare(row('refunded', { refundedMinor: 5_000_000 }), feeOf).talentNetMinor).toBe(0);
    expect(talentShare(row('cancelled', { feeMinor: null }), feeOf).talentNetMinor).toBe(0);
  });

  it('carries an admin’s decision, with its reason and amounts, once one was made', () => {
    expect(presentMilestone(row('funded'), live, ['poster'], feeOf).outcome).toBeNull();
    const decided = row('released', {
      releasedMinor: 2_000_000,
      refundedMinor: 3_000_000,
      resolution: 'split',
      resolutionReason: 'Half of it arrived.',
      resolvedBy: 'admin',
      resolvedAt: at,
    });
    expect(presentMilestone(decided, live, ['talent'], feeOf).outcome).toEqual({
      decision: 'split',
      reason: 'Half of it arrived.',
      releasedMinor: 2_000_000,
      refundedMinor: 3_000_000,
      decidedAt: at.toISOString(),
    });
  });

  it('dates the automatic release 14 days after a delivery, only while submitted', () => {
    const delivered = { status: 'delivered' as const, statusAt: at };
    expect(presentMilestone(row('submitted'), delivered, ['poster'], feeOf).autoReleaseAt).toBe(
      '2026-12-15T09:00:00.000Z',
    );
    expect(presentMilestone(row('funded'), live, ['poster'], feeOf).autoReleaseAt).toBeNull();
  });
});

describe('escrowNext', () => {
  it('asks the poster to fund the first milestone and tells the talent to wait', () => {
    expect(next('poster', live, [row('unfunded')])).toBe('Fund the first milestone so Ada can start.');
    expect(next('talent', live, [row('unfunded')])).toBe(
      'Waiting for Bola to fund the first milestone. Start work once it is funded.',
    );
    expect(next('poster', live, [row('released'), row('unfunded', { title: 'Final files' })])).toBe(
      'Fund the next milestone, “Final files”, so Ada can carry on.',
    );
  });

  it('says what is held and what 14 days of silence do', () => {
    expect(next('poster', live, [row('funded')])).toBe(
      '₦50,000 is held. When Ada submits, you release it or ask for changes; 14 days of silence release it.',
    );
    expect(next('talent', { status: 'delivered', statusAt: at }, [row('submitted')])).toBe(
      '₦50,000 is held for you. Bola releases it by accepting your work; if they say nothing for 14 days, it releases itself.',
    );
  });

  it('names a dispute first, and sums up a closed gig', () => {
    expect(next('talent', live, [row('funded'), row('disputed')])).toContain('A dispute on “Logo sketches”');
    const closed = { status: 'completed' as const, statusAt: at };
    const split = row('released', { releasedMinor: 2_000_000, refundedMinor: 3_000_000 });
    expect(next('poster', closed, [split])).toBe(
      'This gig is closed. ₦20,000 was released to Ada. ₦30,000 was refunded to you.',
    );
    expect(next('talent', closed, [row('cancelled')])).toBe('This gig is closed: nothing was paid through escrow.');
  });
});
