import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '#server/test/fake-stripe';
import { createHarness, type Harness } from '#server/test/harness';
import { actor, as, type Actor } from '#server/features/courses/testing/course-fixtures';
import { paymentRefunds, payments } from '#server/features/payments/payments.table';
import { PLAN_PRICE, makeMentor, makePlan, signIn } from '../testing/mentorship-fixtures';

/**
 * A mentor ending a paid subscription early refunds the unused share through the gateway that
 * took the payment, once: here Stripe, through a local Stripe-compatible server.
 */
let h: Harness;
let stripe: FakeStripe;
let admin: Actor;
beforeAll(async () => {
  stripe = await startFakeStripe();
  h = await createHarness({
    env: {
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_BASE: stripe.url,
      PAYMENT_GATEWAY: 'stripe',
    },
  });
  admin = await actor(h, 'admin');
});
afterAll(async () => {
  await h.close();
  await stripe.close();
});

const DAY = 86_400_000;
const sum = (months: Array<Record<string, number>>, key: string) => months.reduce((n, m) => n + m[key]!, 0);
async function earnings(mentor: Actor) {
  const res = await as(h, mentor)('GET', '/api/mentor/earnings');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().months as Array<Record<string, number>>;
}

async function later(ms: number, ...who: Actor[]) {
  h.clock.advance(ms);
  await h.jobs.runDue();
  for (const w of who) w.cookie = (await signIn(h, w)).cookie;
}

/** A mentee pays a plan on Stripe's page and the dashboard's verify starts the subscription. */
async function paidOnStripe() {
  const mentor = await makeMentor(h, admin);
  const plan = await makePlan(h, mentor);
  const mentee = await actor(h, 'general');
  const res = await as(h, mentee)('POST', `/api/mentor/plans/${plan.id}/subscribe`);
  expect(res.statusCode, res.body).toBe(200);
  const sessionId = (res.json().url as string).split('/').pop()!;
  // Subscription mode (decision 034): the first invoice's PaymentIntent holds the payment.
  const invoice = stripe.billing.invoices.get(stripe.complete(sessionId).invoice!)!;
  const intent = invoice.payment_intent!;
  const verified = await as(h, mentee)('POST', '/api/payments/verify', { gateway: 'stripe', transactionId: sessionId });
  expect(verified.statusCode, verified.body).toBe(200);
  const [sub] = (await as(h, mentee)('GET', '/api/mentee/subscriptions')).json().subscriptions as Array<{
    id: string;
    status: string;
  }>;
  expect(sub).toMatchObject({ status: 'active' });
  const [payment] = await h.app.database.db.select().from(payments).where(eq(payments.reference, sessionId));
  expect(payment!.gatewayPaymentId).toBe(intent);
  return { mentor, mentee, sub: sub!, intent, payment: payment! };
}

describe('a mentor ending a paid subscription early', () => {
  it('refunds the unused share at the gateway once, tells the mentee the amount and lowers the earnings', async () => {
    const { mentor, mentee, sub, intent, payment } = await paidOnStripe();
    const before = await earnings(mentor);
    expect(sum(before, 'grossMinor')).toBe(PLAN_PRICE);
    await later(15 * DAY, mentor, mentee);

    const res = await as(h, mentor)('POST', `/api/subscriptions/${sub.id}/cancel`, { immediately: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'cancelled',
      refundDueMinor: PLAN_PRICE / 2,
      refundedMinor: PLAN_PRICE / 2,
    });
    const received = () => stripe.refunds.filter((r) => r.payment_intent === intent);
    expect(received()).toEqual([expect.objectContaining({ amount: PLAN_PRICE / 2 })]);
    const [row] = await h.app.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment.id));
    expect(row).toMatchObject({ status: 'succeeded', amountMinor: PLAN_PRICE / 2, gatewayRefundId: received()[0]!.id });
    expect(received()[0]!.idempotencyKey).toBe(row!.id);
    const [after] = await h.app.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(after).toMatchObject({ status: 'paid', refundedMinor: PLAN_PRICE / 2 });
    // The purchases page reads the refunded part from the member's payments.
    const bought = (await as(h, mentee)('GET', '/api/user/payments')).json().purchases as Array<{
      id: string;
      status: string;
      amountMinor: number;
      refundedMinor: number;
    }>;
    expect(bought.find((p) => p.id === payment.id)).toMatchObject({
      status: 'paid',
      amountMinor: PLAN_PRICE,
      refundedMinor: PLAN_PRICE / 2,
    });

    // The retried cancel and payments' retry job change nothing at the gateway.
    expect((await as(h, mentor)('POST', `/api/subscriptions/${sub.id}/cancel`, { immediately: true })).statusCode).toBe(
      409,
    );
    await later(5 * 60_000, mentor, mentee);
    await h.services.payments.partialRefunds.complete(row!.id);
    expect(received()).toHaveLength(1);

    const told = (await as(h, mentee)('GET', '/api/notifications')).json().notifications as Array<{
      title: string;
      message: string;
    }>;
    expect(told.find((n) => n.title === 'Your mentor ended your subscription')?.message).toContain('₦10,000');
    expect(told.find((n) => n.title === 'Refund sent')?.message).toContain('₦10,000');
    const now = await earnings(mentor);
    expect(sum(now, 'grossMinor')).toBe(PLAN_PRICE / 2);
    expect(sum(now, 'feeMinor')).toBe(sum(before, 'feeMinor') / 2);
    expect(sum(now, 'netMinor')).toBe(sum(before, 'netMinor') / 2);
  });

  it('keeps the refund owed through a Stripe outage, and the payments job makes it once later', async () => {
    const { mentor, mentee, sub, intent, payment } = await paidOnStripe();
    await later(10 * DAY, mentor, mentee);
    stripe.outage.refunds = 1;
    const res = await as(h, mentor)('POST', `/api/subscriptions/${sub.id}/cancel`, { immediately: true });
    expect(res.statusCode, res.body).toBe(200);
    const due = Math.floor((PLAN_PRICE * 20) / 30);
    expect(res.json()).toMatchObject({ status: 'cancelled', refundDueMinor: due, refundedMinor: 0 });
    const received = () => stripe.refunds.filter((r) => r.payment_intent === intent);
    expect(received()).toHaveLength(0);
    await later(2 * 60_000, mentor, mentee);
    expect(received()).toEqual([expect.objectContaining({ amount: due })]);
    const [after] = await h.app.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(after!.refundedMinor).toBe(due);
  });
});
