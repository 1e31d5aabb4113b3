import fc from 'fast-check';
import { AUTO_RELEASE_AFTER_MS, type TMilestoneOutcome, type TMilestoneStatus } from '#shared/talent/escrow.schemas';
import { MAX_CHANGE_REQUESTS } from '#shared/talent/gig-machine';
import { autoCompleteJob } from '#server/features/talent/talent.queue';
import { hire, isHeld, plan, releaseDue, releaseHeld, type WorldGig, type WorldMilestone } from './escrow-world';
import { op, pick } from './op';
import { feeOf, type World } from './wallet-world';

const MINUTE = 60_000;
// Splits twice as often: theirs is the fee that rounds. (constantFrom would favour its first values.)
const outcome = fc.oneof(
  { weight: 1, arbitrary: fc.constant<TMilestoneOutcome>('release') },
  { weight: 1, arbitrary: fc.constant<TMilestoneOutcome>('refund') },
  { weight: 2, arbitrary: fc.constant<TMilestoneOutcome>('split') },
);
/** A split's share for the talent, in thousandths of the milestone (rounded, kept within 1 kobo of either end). */
const share = fc.integer({ min: 1, max: 999 });

type Answer = 'accept' | 'changes' | 'later';
/** How the poster answers a delivery: at once (accepting, mostly) or later. */
const answer = fc.oneof(
  { weight: 2, arbitrary: fc.constant<Answer>('accept') },
  { weight: 1, arbitrary: fc.constant<Answer>('changes') },
  { weight: 2, arbitrary: fc.constant<Answer>('later') },
);

const milestones = (w: World, keep: (m: WorldMilestone, g: WorldGig) => boolean) =>
  w.gigs.flatMap((g) => g.milestones.filter((m) => keep(m, g)).map((m) => ({ g, m })));

/** Checkout and "Pay now" on the test gateway: the gateway's money in the poster's `held`. */
async function fund(w: World, g: WorldGig, m: WorldMilestone) {
  const { sessionId } = await w.h.services.gigs.escrow.checkout(w.poster, m.id);
  await w.h.services.payments.testCheckout!.pay(w.poster, sessionId);
  w.model.fund(m.id, {
    posterId: w.poster.id,
    talentId: w.talent.id,
    amountMinor: m.amountMinor,
    feeMinor: feeOf(w, m.amountMinor),
  });
  // Funded while the gig is delivered, it pays for that delivery.
  m.status = g.status === 'delivered' ? 'submitted' : 'funded';
}

/**
 * The poster accepts a delivery, releasing what it holds, or asks for changes (up to 3 times;
 * then accepts): what was submitted is funded again, waiting for the next delivery.
 */
async function answerDelivery(w: World, g: WorldGig, how: 'accept' | 'changes') {
  const { gigs } = w.h.services;
  if (how === 'changes' && g.changeRequests < MAX_CHANGE_REQUESTS) {
    await gigs.requestChanges(w.poster, g.id, 'One more pass on the colours, please.');
    g.changeRequests++;
    g.status = 'in_progress';
    g.deliveredAt = null;
    for (const m of g.milestones) if (m.status === 'submitted') m.status = 'funded';
    return;
  }
  await gigs.acceptDelivery(w.poster, g.id);
  releaseHeld(w, g);
}

/**
 * An admin decides a milestone's money (decision 060): all to the talent, all back to the poster's
 * payment (the test gateway refunds at once), or split by amount.
 */
async function decide(w: World, m: WorldMilestone, how: TMilestoneOutcome, thousandths: number) {
  const talentMinor =
    how === 'release'
      ? m.amountMinor
      : how === 'refund'
        ? 0
        : Math.min(m.amountMinor - 1, Math.max(1, Math.round((m.amountMinor * thousandths) / 1000)));
  await w.h.services.gigs.escrow.resolve(w.admin, m.id, {
    outcome: how,
    reason: 'Decided on the evidence both sides sent.',
    ...(how === 'split' ? { talentMinor } : {}),
  });
  if (talentMinor > 0) w.model.release(m.id, talentMinor);
  if (talentMinor < m.amountMinor) w.model.refundEscrow(m.id, m.amountMinor - talentMinor);
  m.status = talentMinor > 0 ? 'released' : 'refunded';
}

/**
 * Gig escrow's operations (decision 060), all through the services: the run's poster funds
 * milestones through the test gateway (hiring its talent for another gig when none is left), the
 * talent delivers, the poster accepts or asks for changes, either side disputes, an admin
 * decides, and 14 days of silence release.
 */
export const ESCROW_OPS = {
  /**
   * The poster pays a milestone into escrow: checkout and "Pay now" on the test gateway. With
   * none left to fund, the poster first hires the talent for another gig of the drawn plan.
   */
  fundMilestone: op({
    weight: 5,
    params: fc.record({ which: fc.nat(20), parts: plan }),
    async run(w, p: { which: number; parts?: number[] }) {
      const live = (g: WorldGig) => g.status === 'in_progress' || g.status === 'delivered';
      const unfunded = () => milestones(w, (m, g) => m.status === 'unfunded' && live(g));
      if (unfunded().length === 0 && p.parts) await hire(w, p.parts);
      const target = pick(unfunded(), p.which);
      if (target) await fund(w, target.g, target.m);
    },
  }),

  /**
   * The talent delivers a gig in progress (its poster funds the next milestone first if nothing
   * is funded: work starts once it is paid for); the poster answers at once (accepts, or asks for
   * changes) or leaves it for later (`releaseMilestone`, 14 days).
   */
  deliver: op({
    weight: 4,
    params: fc.record({ which: fc.nat(20), answer }),
    async run(w, p: { which: number; answer: Answer }) {
      const has = (g: WorldGig, status: TMilestoneStatus) => g.milestones.some((m) => m.status === status);
      const ready = w.gigs.filter((g) => g.status === 'in_progress' && (has(g, 'funded') || has(g, 'unfunded')));
      const g = pick(ready, p.which);
      if (!g) return;
      const next = g.milestones.find((m) => m.status === 'unfunded');
      if (!has(g, 'funded') && next) await fund(w, g, next);
      await w.h.services.gigs.deliver(w.talent, g.id, 'Here is the work, as agreed.');
      g.status = 'delivered';
      g.deliveredAt = w.h.clock.now.getTime();
      for (const m of g.milestones) if (m.status === 'funded') m.status = 'submitted';
      if (p.answer !== 'later') await answerDelivery(w, g, p.answer);
    },
  }),

  /** The poster answers a delivery left waiting: accepts it, or asks for changes. */
  releaseMilestone: op({
    weight: 3,
    params: fc.record({ which: fc.nat(20), answer: answer.filter((a) => a !== 'later') }),
    async run(w, p: { which: number; answer: 'accept' | 'changes' }) {
      const g = pick(
        w.gigs.filter((x) => x.status === 'delivered'),
        p.which,
      );
      if (g) await answerDelivery(w, g, p.answer);
    },
  }),

  /**
   * The poster or the talent disputes money in escrow; an admin decides at once, or later
   * (`disputeDecided`). On a delivered gig the gig goes to dispute and all it holds with it.
   */
  dispute: op({
    weight: 4,
    params: fc.record({
      which: fc.nat(20),
      byTalent: fc.boolean(),
      later: fc.oneof({ weight: 2, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
      outcome,
      share,
    }),
    async run(w, p: { which: number; byTalent: boolean; later: boolean; outcome: TMilestoneOutcome; share: number }) {
      const target = pick(
        milestones(w, (m) => m.status === 'funded' || m.status === 'submitted'),
        p.which,
      );
      if (!target) return;
      const { g, m } = target;
      await w.h.services.gigs.escrow.dispute(p.byTalent ? w.talent : w.poster, m.id, 'The work is not what we agreed.');
      m.status = 'disputed';
      if (g.status === 'delivered') {
        g.status = 'disputed';
        g.deliveredAt = null;
        for (const other of g.milestones) if (isHeld(other)) other.status = 'disputed';
      }
      if (!p.later) await decide(w, m, p.outcome, p.share);
    },
  }),

  disputeDecided: op({
    weight: 3,
    params: fc.record({ which: fc.nat(20), outcome, share }),
    async run(w, p: { which: number; outcome: TMilestoneOutcome; share: number }) {
      const target = pick(
        milestones(w, (m) => m.status === 'disputed'),
        p.which,
      );
      if (target) await decide(w, target.m, p.outcome, p.share);
    },
  }),

  /**
   * Time passes by about 14 days (just short of it, or just past it), the sweep runs, and so do
   * the gigs' timed jobs: a delivery unanswered for 14 days with nothing disputed releases itself.
   */
  autoRelease: op({
    weight: 3,
    params: fc.record({
      minutes: fc.constantFrom(AUTO_RELEASE_AFTER_MS / MINUTE - 13, AUTO_RELEASE_AFTER_MS / MINUTE + 7),
    }),
    async run(w, p: { minutes: number }) {
      w.h.clock.advance(p.minutes * MINUTE);
      await w.h.services.wallet.clearDue();
      w.model.clearDue(w.h.clock.now);
      await w.h.jobs.runDue([autoCompleteJob]);
      for (const g of w.gigs) if (releaseDue(g, w.h.clock.now)) releaseHeld(w, g);
    },
  }),
};
