import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { expect } from 'vitest';
import { PAYOUT_MIN_MINOR } from '#shared/wallet/payouts.schemas';
import { payments } from '#server/features/payments/payments.table';
import { sendPayoutJob } from '../wallet.queue';
import { ESCROW_OPS } from './escrow-ops';
import { op, pick } from './op';
import { ACCOUNTS, BUYERS, buy, setPayoutAccount, type GigStage, type RunStart, type World } from './wallet-world';

/**
 * The operations, by name. To add one, give it a name here (gig escrow's are in escrow-ops.ts),
 * make what it needs in `newWorld`, and move the model's buckets the way its postings should
 * (a model method beside `sale`, `refund`, `fund`, `release`).
 */
export const OPS = {
  courseSale: op({
    weight: 3,
    params: fc.record({ buyer: fc.nat(BUYERS - 1), course: fc.nat(1) }),
    async run(w, p: { buyer: number; course: number }) {
      const buyer = w.buyers[p.buyer]!;
      const course = w.courses[p.course]!;
      if (w.enrolled.has(`${buyer.id}:${course.id}`)) return;
      const row = await buy(w, buyer, 'course', course.id);
      w.enrolled.add(`${buyer.id}:${course.id}`);
      w.coursePayments.push({ paymentId: row.id, buyer, courseId: course.id });
    },
  }),

  /**
   * A buyer asks for a refund inside the window; an admin approves it at once, or later
   * (`refundApproved`), perhaps after the window closed and the tutor withdrew: then the refund
   * takes what available holds and the rest becomes owed (decision 065).
   */
  courseRefund: op({
    weight: 2,
    params: fc.record({ which: fc.nat(20), later: fc.boolean() }),
    async run(w, p: { which: number; later: boolean }) {
      const now = w.h.clock.now;
      const open = w.coursePayments.filter((c) => w.model.refundable(c.paymentId, now));
      const target = pick(open, p.which);
      if (!target) return;
      const asked = await w.h.services.payments.requestRefund(target.buyer, target.paymentId, {
        reason: 'Not what I expected from the summary, sorry.',
      });
      w.coursePayments.splice(w.coursePayments.indexOf(target), 1);
      w.askedRefunds.set(asked.refund!.id, target);
      if (!p.later) await approve(w, asked.refund!.id);
    },
  }),

  refundApproved: op({
    weight: 1,
    params: fc.record({ which: fc.nat(20) }),
    async run(w, p: { which: number }) {
      const id = pick([...w.askedRefunds.keys()], p.which);
      if (id) await approve(w, id);
    },
  }),

  mentorshipPayment: op({
    weight: 2,
    params: fc.record({ mentee: fc.nat(BUYERS - 1) }),
    async run(w, p: { mentee: number }) {
      const mentee = w.buyers[p.mentee]!;
      if (w.subscriptions.has(mentee.id)) return;
      const row = await buy(w, mentee, 'mentor_plan', w.plan.id);
      const { subscriptions } = await w.h.services.mentorship.subscriptions.ofMentee(mentee);
      const live = subscriptions.find((s) => s.planId === w.plan.id && s.status === 'active');
      if (!live) throw new Error('the paid plan started no subscription');
      w.subscriptions.set(mentee.id, { id: live.id, paymentId: row.id });
    },
  }),

  /**
   * The mentor ends a subscription: the unused days are refunded (a partial refund), from pending
   * inside the payment's window and from available (or owed, once withdrawn) after it.
   */
  mentorEndsEarly: op({
    weight: 2,
    params: fc.record({ which: fc.nat(20) }),
    async run(w, p: { which: number }) {
      const target = pick([...w.subscriptions], p.which);
      if (!target) return;
      const [menteeId, sub] = target;
      const ended = await w.h.services.mentorship.subscriptions.cancel(w.mentor, sub.id, { immediately: true });
      // The test gateway refunds at once: what was due is what went back.
      expect(ended.refundedMinor).toBe(ended.refundDueMinor);
      if (ended.refundedMinor > 0) w.model.refund(sub.paymentId, ended.refundedMinor);
      w.subscriptions.delete(menteeId);
    },
  }),

  /** Time passes on the harness clock and the sweep runs, as it does every 15 minutes. */
  advance: op({
    weight: 2,
    // Odd lengths, so that sums seldom land exactly on a window's edge (either side of it is
    // right there), and one just short of the window, so that a sweep that clears early shows.
    params: fc.record({
      minutes: fc.oneof(
        fc.constantFrom(37, 29 * 60 + 13, 3 * 24 * 60 + 421, 7 * 24 * 60 - 13),
        fc.constant(8 * 24 * 60 + 7),
      ),
    }),
    async run(w, p: { minutes: number }) {
      w.h.clock.advance(p.minutes * 60_000);
      await w.h.services.wallet.clearDue();
      w.model.clearDue(w.h.clock.now);
    },
  }),

  /** A payee sets (or changes) the payout account: one the bank pays, or one it refuses. */
  payoutAccount: op({
    weight: 1,
    params: fc.record({ payee: fc.nat(2), refused: fc.boolean() }),
    async run(w, p: { payee: number; refused: boolean }) {
      await setPayoutAccount(w, w.payees[p.payee]!, p.refused ? ACCOUNTS.refused : ACCOUNTS.good);
    },
  }),

  /**
   * A payee asks for a share of their available balance (over 100% asks for too much): accepted
   * exactly when the model says it may be, and a refusal moves nothing.
   */
  payout: op({
    weight: 3,
    // Mostly the payee with the most to withdraw, else the next one: the others often have nothing yet.
    params: fc.record({
      poorer: fc.oneof({ weight: 3, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
      percent: fc.integer({ min: 1, max: 120 }),
    }),
    async run(w, p: { poorer: boolean; percent: number }) {
      const [richer, poorer] = [...w.payees].sort((a, b) => w.model.available(b.id) - w.model.available(a.id));
      const payee = p.poorer ? poorer! : richer!;
      const available = w.model.available(payee.id);
      const amountMinor = Math.max(PAYOUT_MIN_MINOR, Math.floor((available * p.percent) / 100));
      const account = w.payoutAccounts.get(payee.id);
      const allowed = Boolean(account && account.heldUntil <= w.h.clock.now.getTime() && amountMinor <= available);
      const asked = w.h.services.payouts.request(payee, { amountMinor });
      if (!allowed) {
        await expect(asked).rejects.toThrow();
        return;
      }
      const payout = await asked;
      w.model.payoutRequested(payout.id, payee.id, amountMinor, account!.number.endsWith('0000'));
    },
  }),

  /** The payouts' send jobs run: each payout is sent and settles. */
  jobs: op({
    weight: 2,
    params: fc.constant({}),
    async run(w) {
      await w.h.jobs.runDue([sendPayoutJob]);
      w.model.payoutsSent();
    },
  }),

  ...ESCROW_OPS,
};

/** An admin approves an asked refund: the whole payment goes back. */
async function approve(w: World, refundId: string): Promise<void> {
  const target = w.askedRefunds.get(refundId)!;
  await w.h.services.payments.decideRefund(w.admin, refundId, { decision: 'approve' });
  const row = (await w.h.app.database.db.select().from(payments).where(eq(payments.id, target.paymentId)))[0]!;
  w.model.refund(target.paymentId, row.amountMinor);
  w.askedRefunds.delete(refundId);
  w.enrolled.delete(`${target.buyer.id}:${target.courseId}`);
}

export type OpName = keyof typeof OPS;
export type Step = { op: OpName } & Record<string, unknown>;

/** A sequence of named steps with their parameters: what fast-check prints when a run fails. */
export const steps = (maxLength: number): fc.Arbitrary<Step[]> =>
  fc.array(
    fc.oneof(
      ...Object.entries(OPS).map(([name, o]) => ({
        weight: o.weight,
        arbitrary: o.params.map((p): Step => ({ op: name as OpName, ...p })),
      })),
    ),
    // Lengths spread over the whole range: money must be earned, cleared and withdrawn in one run.
    { minLength: 4, maxLength, size: 'max' },
  );

/**
 * A course sale whose buyer asks for a refund not yet decided, and a mentorship payment; then
 * their window closes: what `soldBefore` starts a run with. Approved after a payout, that refund
 * is the one that leaves a debt.
 */
const SOLD_BEFORE: Step[] = [
  { op: 'courseSale', buyer: 0, course: 0 },
  { op: 'courseRefund', which: 0, later: true },
  { op: 'mentorshipPayment', mentee: 1 },
  { op: 'advance', minutes: 8 * 24 * 60 + 7 },
];

/** What `gigStage` starts a run with. */
const GIG_BEFORE: Record<GigStage, Step[]> = {
  planned: [],
  funded: [{ op: 'fundMilestone', which: 0 }],
  delivered: [
    { op: 'fundMilestone', which: 0 },
    { op: 'deliver', which: 0, answer: 'later' },
  ],
  contested: [
    { op: 'fundMilestone', which: 0 },
    { op: 'dispute', which: 0, byTalent: false, later: true, outcome: 'refund', share: 1 },
    { op: 'fundMilestone', which: 0 },
    { op: 'deliver', which: 0, answer: 'later' },
  ],
};

/** The steps every run of this start takes before its drawn ones. */
export const startSteps = (start: RunStart): Step[] => [
  ...(start.soldBefore ? SOLD_BEFORE : []),
  ...GIG_BEFORE[start.gigStage],
];

export async function perform(w: World, step: Step): Promise<void> {
  const { op: name, ...params } = step;
  await OPS[name].run(w, params);
}
