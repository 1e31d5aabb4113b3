import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#server/test/harness';
import { actor, as, type Actor } from '#server/features/courses/testing/course-fixtures';
import { payments, refundRequests, testGatewaySessions } from '#server/features/payments/payments.table';
import { mentorSubscriptions } from '../mentorship.table';
import {
  PLAN_PRICE,
  makeMentor,
  makePlan,
  paymentRow,
  refresh,
  signIn,
  subscribePaid,
} from '../testing/mentorship-fixtures';

/**
 * Subscriptions through payments with the test gateway: exactly once, the mentee role, the
 * notices, both dashboards, earnings, and the renewal clock on the harness's clock.
 */
let h: Harness;
let admin: Actor;
beforeAll(async () => {
  h = await createHarness();
  admin = await actor(h, 'admin');
});
afterAll(() => h.close());

const DAY = 86_400_000;
const db = () => h.app.database.db;
const subsOf = (menteeId: string, planId: string) =>
  db()
    .select()
    .from(mentorSubscriptions)
    .where(and(eq(mentorSubscriptions.menteeId, menteeId), eq(mentorSubscriptions.planId, planId)));
const mine = async (who: Actor) =>
  (await as(h, who)('GET', '/api/mentee/subscriptions')).json().subscriptions as Array<Record<string, unknown>>;
/** Moves the clock and runs what fell due; the people's sessions are renewed, as they would sign in again. */
async function later(ms: number, ...who: Actor[]) {
  h.clock.advance(ms);
  await h.jobs.runDue();
  for (const w of who) w.cookie = (await signIn(h, w)).cookie;
}
const notices = async (who: Actor) =>
  (await as(h, who)('GET', '/api/notifications')).json().notifications as Array<{
    type: string;
    title: string;
    message: string;
    link: string;
  }>;

/** The current test's mentor and mentee, whose sessions `later` renews. */
let current: Actor[] = [];
const people = () => current;
async function paidSetup(over: Parameters<typeof makePlan>[2] = {}) {
  const mentor = await makeMentor(h, admin);
  const plan = await makePlan(h, mentor, over);
  const mentee = await actor(h, 'general');
  current = [mentor, mentee];
  return { mentor, plan, mentee };
}

describe('a paid plan', () => {
  it('checks out, pays once, copies the terms, adds the mentee role and shows on both dashboards', async () => {
    const { mentor, plan, mentee } = await paidSetup();
    const reference = await subscribePaid(h, mentee, plan.id);
    expect(await paymentRow(h, reference)).toMatchObject({
      kind: 'mentor_plan',
      itemId: plan.id,
      status: 'paid',
      amountMinor: PLAN_PRICE,
      payeeId: mentor.user.id,
    });
    // The dashboard's verify on return from the gateway: the buyer's own reference, whatever its kind.
    const verified = await as(h, mentee)('POST', '/api/payments/verify', { gateway: 'test', transactionId: reference });
    expect([verified.statusCode, verified.json()]).toEqual([200, { success: true }]);
    expect(
      (await as(h, mentor)('POST', '/api/payments/verify', { gateway: 'test', transactionId: reference })).statusCode,
    ).toBe(402);

    const [sub] = await subsOf(mentee.user.id, plan.id);
    expect(sub).toMatchObject({
      status: 'active',
      priceMinor: PLAN_PRICE,
      sessionsPerMonth: 2,
      sessionMinutes: 45,
      gateway: 'test',
    });
    expect(sub!.currentPeriodEnd.getTime() - sub!.currentPeriodStart.getTime()).toBe(30 * DAY);
    const now = await refresh(h, mentee);
    expect(now.user.role).toBe('mentee');
    expect(now.user.roles).toEqual(expect.arrayContaining(['general', 'mentee']));

    expect((await notices(mentor))[0]).toMatchObject({
      type: 'mentorship_subscription',
      title: 'New mentee subscription',
      link: '/mentor/dashboard',
    });
    expect((await notices(mentee))[0]).toMatchObject({
      type: 'mentorship_subscription',
      title: 'Subscription confirmed',
    });
    expect(await mine(mentee)).toEqual([
      expect.objectContaining({
        id: sub!.id,
        planName: 'Career sprint',
        status: 'active',
        canPause: true,
        mentor: expect.objectContaining({ id: mentor.user.id }),
      }),
    ]);
    const subscribers = (await as(h, mentor)('GET', '/api/mentor/subscriptions')).json().subscriptions;
    expect(subscribers).toEqual([
      expect.objectContaining({
        id: sub!.id,
        mentee: expect.objectContaining({ id: mentee.user.id }),
        canPause: false,
      }),
    ]);

    // A price change applies to new subscriptions only; a second subscription is refused.
    await as(h, mentor)('PATCH', `/api/mentor/plans/${plan.id}`, { priceMinor: PLAN_PRICE * 2 });
    expect((await subsOf(mentee.user.id, plan.id))[0]!.priceMinor).toBe(PLAN_PRICE);
    expect((await as(h, mentee)('POST', `/api/mentor/plans/${plan.id}/subscribe`)).statusCode).toBe(409);
    // Deactivating keeps the subscriber.
    await as(h, mentor)('PATCH', `/api/mentor/plans/${plan.id}`, { active: false });
    expect((await subsOf(mentee.user.id, plan.id))[0]!.status).toBe('active');
    expect((await as(h, mentee)('POST', `/api/mentor/plans/${plan.id}/subscribe`)).statusCode).toBe(404);

    const earnings = (await as(h, mentor)('GET', '/api/mentor/earnings')).json();
    expect(earnings.currency).toBe('NGN');
    expect(earnings.months).toHaveLength(12);
    expect(earnings.months.at(-1)).toEqual({
      month: expect.stringMatching(/^\d{4}-\d{2}$/),
      grossMinor: PLAN_PRICE,
      feeMinor: PLAN_PRICE / 10,
      netMinor: PLAN_PRICE * 0.9,
    });
  });

  it('makes one subscription when the payment is fulfilled five times at once', async () => {
    const { plan, mentee } = await paidSetup();
    const res = await as(h, mentee)('POST', `/api/mentor/plans/${plan.id}/subscribe`);
    const reference = (res.json().url as string).split('/').pop()!;
    await db().update(testGatewaySessions).set({ status: 'paid' }).where(eq(testGatewaySessions.reference, reference));
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () => h.services.payments.fulfilFromGateway('test', reference)),
    );
    expect(outcomes.sort()).toEqual(['already-paid', 'already-paid', 'already-paid', 'already-paid', 'fulfilled']);
    expect(await subsOf(mentee.user.id, plan.id)).toHaveLength(1);
  });

  it('files a refund for a second paid checkout of the same plan', async () => {
    const { plan, mentee } = await paidSetup();
    const open = async () =>
      ((await as(h, mentee)('POST', `/api/mentor/plans/${plan.id}/subscribe`)).json().url as string).split('/').pop()!;
    const a = await open();
    // An hour later: sooner, the second checkout answers the first (decision 048).
    await db()
      .update(payments)
      .set({ createdAt: new Date(h.clock.now.getTime() - 3_600_000) })
      .where(eq(payments.reference, a));
    const b = await open();
    for (const ref of [a, b])
      expect((await as(h, mentee)('POST', `/api/payments/test-checkout/${ref}/pay`)).statusCode).toBe(200);
    expect(await subsOf(mentee.user.id, plan.id)).toHaveLength(1);
    const second = await paymentRow(h, b);
    const [{ n }] = (await db()
      .select({ n: count() })
      .from(refundRequests)
      .where(eq(refundRequests.paymentId, second.id))) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('refuses the mentor themselves, administrators, and a full plan', async () => {
    const { mentor, plan } = await paidSetup({ menteeLimit: 1 });
    expect((await as(h, mentor)('POST', `/api/mentor/plans/${plan.id}/subscribe`)).statusCode).toBe(403);
    expect((await as(h, admin)('POST', `/api/mentor/plans/${plan.id}/subscribe`)).statusCode).toBe(403);
    await subscribePaid(h, await actor(h, 'general'), plan.id);
    const full = await as(h, await actor(h, 'general'))('POST', `/api/mentor/plans/${plan.id}/subscribe`);
    expect(full.statusCode).toBe(409);
    expect(full.json().error).toContain('This plan is full');
  });
});

describe('free plans and trials', () => {
  it('subscribes to a free plan at once (201) and renews it by itself', async () => {
    const { mentor, plan, mentee } = await paidSetup({ priceMinor: 0, name: 'Office hours' });
    const res = await as(h, mentee)('POST', `/api/mentor/plans/${plan.id}/subscribe`);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'active', priceMinor: 0, planName: 'Office hours' });
    expect((await notices(mentor))[0]).toMatchObject({ type: 'mentorship_subscription', title: 'New mentee' });
    const end = new Date(res.json().currentPeriodEnd);
    await later(end.getTime() - h.clock.now.getTime() + 1000, ...people());
    const [sub] = await subsOf(mentee.user.id, plan.id);
    expect(sub).toMatchObject({ status: 'active' });
    expect(sub!.currentPeriodEnd.getTime()).toBe(end.getTime() + 1000 + 30 * DAY);
  });

  it('starts a 7-day trial of a paid plan once, then asks for payment', async () => {
    const { plan, mentee } = await paidSetup({ trial: true });
    const res = await as(h, mentee)('POST', `/api/mentor/plans/${plan.id}/subscribe`);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'trialing', priceMinor: PLAN_PRICE });
    const end = new Date(res.json().currentPeriodEnd);
    expect(end.getTime() - h.clock.now.getTime()).toBe(7 * DAY);
    // Renewal opens a checkout at once during a trial; paying starts the period at the trial's end.
    const renew = await as(h, mentee)('POST', `/api/subscriptions/${res.json().id}/renew`);
    expect(renew.statusCode, renew.body).toBe(200);
    const ref = (renew.json().url as string).split('/').pop()!;
    expect((await as(h, mentee)('POST', `/api/payments/test-checkout/${ref}/pay`)).statusCode).toBe(200);
    const [sub] = await subsOf(mentee.user.id, plan.id);
    expect(sub).toMatchObject({ status: 'active' });
    expect(sub!.currentPeriodStart.getTime()).toBe(end.getTime());
    expect(sub!.currentPeriodEnd.getTime()).toBe(end.getTime() + 30 * DAY);
  });
});

describe('the renewal clock', () => {
  it('mails the renewal link 3 days before the end, extends the period when paid, and expires an unpaid one', async () => {
    const { plan, mentee } = await paidSetup();
    await subscribePaid(h, mentee, plan.id);
    const [sub] = await subsOf(mentee.user.id, plan.id);
    const early = await as(h, mentee)('POST', `/api/subscriptions/${sub!.id}/renew`);
    expect(early.statusCode).toBe(409);

    await later(sub!.currentPeriodEnd.getTime() - 3 * DAY - h.clock.now.getTime() + 1000, ...people());
    expect((await notices(mentee))[0]).toMatchObject({
      title: 'Renew your mentoring',
      link: `/mentorship/mentee?renew=${sub!.id}`,
    });
    const renew = await as(h, mentee)('POST', `/api/subscriptions/${sub!.id}/renew`);
    expect(renew.statusCode, renew.body).toBe(200);
    const ref = (renew.json().url as string).split('/').pop()!;
    expect((await as(h, mentee)('POST', `/api/payments/test-checkout/${ref}/pay`)).statusCode).toBe(200);
    expect(await paymentRow(h, ref)).toMatchObject({ kind: 'mentor_renewal', itemId: sub!.id, status: 'paid' });
    const [renewed] = await subsOf(mentee.user.id, plan.id);
    expect(renewed!.currentPeriodEnd.getTime()).toBe(sub!.currentPeriodEnd.getTime() + 30 * DAY);

    // The old period's end does nothing now; the new one's, unpaid, makes it past_due, then expired.
    await later(3 * DAY, ...people());
    expect((await subsOf(mentee.user.id, plan.id))[0]!.status).toBe('active');
    await later(renewed!.currentPeriodEnd.getTime() - h.clock.now.getTime() + 1000, ...people());
    expect((await subsOf(mentee.user.id, plan.id))[0]!.status).toBe('past_due');
    expect((await notices(mentee))[0]).toMatchObject({ title: 'Payment due' });
    await later(3 * DAY, ...people());
    expect((await subsOf(mentee.user.id, plan.id))[0]!.status).toBe('expired');
    expect((await mine(mentee))[0]).toMatchObject({ status: 'expired' });
  });

  it('renews a past_due subscription from the day it is paid', async () => {
    const { plan, mentee } = await paidSetup();
    await subscribePaid(h, mentee, plan.id);
    const [sub] = await subsOf(mentee.user.id, plan.id);
    await later(sub!.currentPeriodEnd.getTime() - h.clock.now.getTime() + DAY, ...people());
    expect((await subsOf(mentee.user.id, plan.id))[0]!.status).toBe('past_due');
    const ref = ((await as(h, mentee)('POST', `/api/subscriptions/${sub!.id}/renew`)).json().url as string)
      .split('/')
      .pop()!;
    await as(h, mentee)('POST', `/api/payments/test-checkout/${ref}/pay`);
    const [after] = await subsOf(mentee.user.id, plan.id);
    expect(after).toMatchObject({ status: 'active' });
    expect(after!.currentPeriodStart.getTime()).toBe(h.clock.now.getTime());
    // The grace's expiry finds it paid and leaves it.
    await later(3 * DAY, ...people());
    expect((await subsOf(mentee.user.id, plan.id))[0]!.status).toBe('active');
  });
});

describe('cancel and pause', () => {
  it('cancels at the period end from the mentee side and tells the mentor', async () => {
    const { mentor, plan, mentee } = await paidSetup();
    await subscribePaid(h, mentee, plan.id);
    const [sub] = await subsOf(mentee.user.id, plan.id);
    expect(
      (await as(h, await actor(h, 'general'))('POST', `/api/subscriptions/${sub!.id}/cancel`, {})).statusCode,
    ).toBe(404);
    expect(
      (await as(h, mentee)('POST', `/api/subscriptions/${sub!.id}/cancel`, { immediately: true })).statusCode,
    ).toBe(403);
    const res = await as(h, mentee)('POST', `/api/subscriptions/${sub!.id}/cancel`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
      refundedMinor: 0,
      refundDueMinor: 0,
    });
    expect((await notices(mentor))[0]).toMatchObject({ title: 'A mentee is leaving' });
    await later(sub!.currentPeriodEnd.getTime() - h.clock.now.getTime() + 1000, ...people());
    expect((await subsOf(mentee.user.id, plan.id))[0]!.status).toBe('cancelled');
  });

  it('lets the mentor end it now and refunds the unused share through the test gateway', async () => {
    const { mentor, plan, mentee } = await paidSetup();
    const reference = await subscribePaid(h, mentee, plan.id);
    const [sub] = await subsOf(mentee.user.id, plan.id);
    await later(15 * DAY, ...people());
    const res = await as(h, mentor)('POST', `/api/subscriptions/${sub!.id}/cancel`, { immediately: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'cancelled',
      refundDueMinor: PLAN_PRICE / 2,
      refundedMinor: PLAN_PRICE / 2,
    });
    expect(await notices(mentee)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          title: 'Your mentor ended your subscription',
          message: expect.stringContaining('₦10,000'),
        }),
        expect.objectContaining({ title: 'Refund sent', message: expect.stringContaining('₦10,000') }),
      ]),
    );
    const [books] = await db().select().from(testGatewaySessions).where(eq(testGatewaySessions.reference, reference));
    expect(books).toMatchObject({ refundedMinor: PLAN_PRICE / 2, refundKeys: [expect.any(String)] });
    expect(await paymentRow(h, reference)).toMatchObject({ status: 'paid', refundedMinor: PLAN_PRICE / 2 });
    expect((await as(h, mentor)('POST', `/api/subscriptions/${sub!.id}/cancel`, {})).statusCode).toBe(409);
  });

  it('pauses once per 90 days for up to 30 days, moving the period end', async () => {
    const { plan, mentee } = await paidSetup();
    await subscribePaid(h, mentee, plan.id);
    const [sub] = await subsOf(mentee.user.id, plan.id);
    expect((await as(h, mentee)('POST', `/api/subscriptions/${sub!.id}/pause`, { days: 31 })).statusCode).toBe(400);
    const res = await as(h, mentee)('POST', `/api/subscriptions/${sub!.id}/pause`, { days: 10 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'paused', canPause: false });
    expect(new Date(res.json().currentPeriodEnd).getTime()).toBe(sub!.currentPeriodEnd.getTime() + 10 * DAY);
    await later(10 * DAY + 1000, ...people());
    expect((await subsOf(mentee.user.id, plan.id))[0]!.status).toBe('active');
    const again = await as(h, mentee)('POST', `/api/subscriptions/${sub!.id}/pause`, { days: 5 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('You can pause once every 90 days.');
  });
});

void payments;
