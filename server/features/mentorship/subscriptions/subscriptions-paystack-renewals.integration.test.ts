import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePaystack, type FakePaystack } from '#server/test/fake-paystack';
import { createHarness, type Harness } from '#server/test/harness';
import { actor, as, type Actor } from '#server/features/courses/testing/course-fixtures';
import { payments } from '#server/features/payments/payments.table';
import { mentorSubscriptions } from '../mentorship.table';
import { PLAN_PRICE, makeMentor, makePlan, signIn } from '../testing/mentorship-fixtures';

/**
 * Mentorship subscriptions renewed by charging the card's reusable Paystack authorization at the
 * period's end (decision 034): once per period however often the job runs, a declined card falls
 * back to past_due and the mailed renewal link. Through a local Paystack-compatible server.
 */
let h: Harness;
let paystack: FakePaystack;
let admin: Actor;
beforeAll(async () => {
  paystack = await startFakePaystack();
  h = await createHarness({
    env: { PAYSTACK_SECRET_KEY: paystack.secretKey, PAYSTACK_API_BASE: paystack.url, PAYMENT_GATEWAY: 'paystack' },
  });
  admin = await actor(h, 'admin');
});
afterAll(async () => {
  await h.close();
  await paystack.close();
});

const DAY = 86_400_000;
const db = () => h.app.database.db;
const subRow = async (id: string) =>
  (await db().select().from(mentorSubscriptions).where(eq(mentorSubscriptions.id, id)))[0]!;
const renewals = (id: string) =>
  db()
    .select()
    .from(payments)
    .where(and(eq(payments.kind, 'mentor_renewal'), eq(payments.itemId, id)));
const notices = async (who: Actor) =>
  (await as(h, who)('GET', '/api/notifications')).json().notifications as Array<{
    title: string;
    message: string;
    link: string;
  }>;

async function later(ms: number, ...who: Actor[]) {
  h.clock.advance(ms);
  await h.jobs.runDue();
  for (const w of who) w.cookie = (await signIn(h, w)).cookie;
}

/** A mentee pays on Paystack's page; the dashboard's verify starts the subscription and keeps the card. */
async function subscribed() {
  const mentor = await makeMentor(h, admin);
  const plan = await makePlan(h, mentor);
  const mentee = await actor(h, 'general');
  const res = await as(h, mentee)('POST', `/api/mentor/plans/${plan.id}/subscribe`);
  expect(res.statusCode, res.body).toBe(200);
  const reference = new URL(res.json().url as string).pathname.split('/').pop()!;
  const t = [...paystack.transactions.values()].find((x) => x.access_code === reference)!;
  paystack.complete(t.reference);
  const verified = await as(h, mentee)('POST', '/api/payments/verify', {
    gateway: 'paystack',
    transactionId: t.reference,
  });
  expect(verified.statusCode, verified.body).toBe(200);
  const [sub] = await db().select().from(mentorSubscriptions).where(eq(mentorSubscriptions.menteeId, mentee.user.id));
  return { mentor, mentee, sub: sub!, authorization: paystack.transaction(t.reference).authorization_code! };
}

describe('a Paystack subscription', () => {
  it('keeps the card authorization sealed, never in an answer, and mails no renewal link', async () => {
    const { mentor, mentee, sub, authorization } = await subscribed();
    expect(sub).toMatchObject({ status: 'active', gateway: 'paystack', gatewayRef: { renews: 'charge' } });
    expect(JSON.stringify(sub.gatewayRef)).not.toContain(authorization);
    for (const [who, path] of [
      [mentee, '/api/mentee/subscriptions'],
      [mentor, '/api/mentor/subscriptions'],
      [mentee, '/api/user/payments'],
    ] as const) {
      const res = await as(h, who)('GET', path);
      expect(res.body).not.toContain(authorization);
      expect(res.body).not.toContain((sub.gatewayRef as { mandate: string }).mandate);
    }
    await later(28 * DAY, mentor, mentee);
    expect((await notices(mentee)).find((n) => n.title === 'Renew your mentoring')).toBeUndefined();
  });

  it('charges the authorization once at the period end, even when the job runs twice, and records the payment', async () => {
    const { mentor, mentee, sub, authorization } = await subscribed();
    h.clock.advance(30 * DAY);
    const periodEnd = sub.currentPeriodEnd.toISOString();
    // The period-end job twice at once (a retry racing the first run), then the queue's own run.
    await Promise.all([
      h.services.mentorship.subscriptions.endPeriod(sub.id, periodEnd),
      h.services.mentorship.subscriptions.endPeriod(sub.id, periodEnd),
    ]);
    await later(0, mentor, mentee);

    const charged = paystack.charges.filter((c) => c.authorization_code === authorization);
    expect(charged).toEqual([expect.objectContaining({ amount: PLAN_PRICE, status: 'success' })]);
    const after = await subRow(sub.id);
    expect(after.status).toBe('active');
    expect(after.currentPeriodEnd.getTime()).toBeGreaterThanOrEqual(sub.currentPeriodEnd.getTime() + 30 * DAY);
    expect(await renewals(sub.id)).toEqual([
      expect.objectContaining({
        gateway: 'paystack',
        reference: charged[0]!.reference,
        status: 'paid',
        amountMinor: PLAN_PRICE,
      }),
    ]);
    const purchases = (await as(h, mentee)('GET', '/api/user/payments')).json();
    expect(JSON.stringify(purchases)).toContain('Renewal: Career sprint');
    const earnings = (await as(h, mentor)('GET', '/api/mentor/earnings')).json().months as Array<{
      grossMinor: number;
    }>;
    expect(earnings.reduce((n, m) => n + m.grossMinor, 0)).toBe(2 * PLAN_PRICE);

    // Paystack's charge.success webhook for the renewal changes nothing more.
    const { body, headers } = paystack.signedWebhook({ type: 'charge.success', reference: charged[0]!.reference });
    expect(
      (await h.app.inject({ method: 'POST', url: '/api/webhooks/paystack', headers, payload: body })).statusCode,
    ).toBe(200);
    expect((await subRow(sub.id)).currentPeriodEnd).toEqual(after.currentPeriodEnd);
  });

  it('falls back to past_due and the mailed renewal link when the card is declined, without charging again', async () => {
    const { mentor, mentee, sub, authorization } = await subscribed();
    paystack.decline(authorization);
    await later(30 * DAY, mentor, mentee);
    expect((await subRow(sub.id)).status).toBe('past_due');
    expect(paystack.charges.filter((c) => c.authorization_code === authorization)).toEqual([
      expect.objectContaining({ status: 'failed' }),
    ]);
    const due = (await notices(mentee)).find((n) => n.title === 'Payment due');
    expect(due).toMatchObject({ link: `/mentorship/mentee?renew=${sub.id}` });
    expect(due!.message).toContain('declined');
    expect(await renewals(sub.id)).toEqual([expect.objectContaining({ status: 'expired' })]);

    // The job once more: the period's reference is known at Paystack, so no second charge.
    await h.services.mentorship.subscriptions.endPeriod(sub.id, sub.currentPeriodEnd.toISOString());
    expect(paystack.charges.filter((c) => c.authorization_code === authorization)).toHaveLength(1);
    // The link's checkout still works while past_due.
    expect((await as(h, mentee)('POST', `/api/subscriptions/${sub.id}/renew`)).statusCode).toBe(200);
  });

  it('is not charged after a cancel at the period end', async () => {
    const { mentor, mentee, sub, authorization } = await subscribed();
    expect((await as(h, mentee)('POST', `/api/subscriptions/${sub.id}/cancel`, {})).statusCode).toBe(200);
    await later(30 * DAY, mentor, mentee);
    expect((await subRow(sub.id)).status).toBe('cancelled');
    expect(paystack.charges.filter((c) => c.authorization_code === authorization)).toEqual([]);
  });
});
