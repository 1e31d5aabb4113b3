import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '#server/test/fake-stripe';
import { PASSWORD, createHarness, type Harness } from '#server/test/harness';
import { actor, as, type Actor } from '#server/features/courses/testing/course-fixtures';
import { payments } from '#server/features/payments/payments.table';
import { mentorSubscriptions } from '../mentorship.table';
import { PLAN_PRICE, makeMentor, makePlan, signIn } from '../testing/mentorship-fixtures';

/**
 * Mentorship subscriptions renewed by Stripe itself (decision 034): a subscription-mode checkout,
 * renewal invoices by webhook (exactly once however often replayed), a declined renewal, Stripe
 * ending it, and cancels reaching Stripe. Through a local Stripe-compatible server.
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

const post = ({ body, headers }: { body: string; headers: Record<string, string> }) =>
  h.app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers, payload: body });
const deliver = (event: Record<string, unknown>) => post(stripe.signedWebhook(event));

async function later(ms: number, ...who: Actor[]) {
  h.clock.advance(ms);
  await h.jobs.runDue();
  for (const w of who) w.cookie = (await signIn(h, w)).cookie;
}

/** A mentee subscribes on Stripe's page; the checkout.session.completed webhook starts it. */
async function subscribed() {
  const mentor = await makeMentor(h, admin);
  const plan = await makePlan(h, mentor);
  const mentee = await actor(h, 'general');
  const res = await as(h, mentee)('POST', `/api/mentor/plans/${plan.id}/subscribe`);
  expect(res.statusCode, res.body).toBe(200);
  const sessionId = (res.json().url as string).split('/').pop()!;
  const session = stripe.complete(sessionId);
  expect(
    (await post(stripe.signedWebhook({ type: 'checkout.session.completed', reference: sessionId }))).statusCode,
  ).toBe(200);
  const [sub] = await db().select().from(mentorSubscriptions).where(eq(mentorSubscriptions.menteeId, mentee.user.id));
  return { mentor, mentee, plan, session, sub: sub! };
}

describe('a Stripe subscription', () => {
  it('is checked out in subscription mode, every 30 days, and keeps the Stripe subscription out of every answer', async () => {
    const { mentee, session, sub } = await subscribed();
    expect(session.params).toMatchObject({
      mode: 'subscription',
      line_items: [
        {
          quantity: '1',
          price_data: {
            currency: 'ngn',
            unit_amount: String(PLAN_PRICE),
            recurring: { interval: 'day', interval_count: '30' },
          },
        },
      ],
      subscription_data: { metadata: { kind: 'mentor_plan', buyerId: mentee.user.id } },
    });
    expect(session.params).not.toHaveProperty('payment_intent_data');
    expect(sub).toMatchObject({
      status: 'active',
      gateway: 'stripe',
      gatewayRef: { mandate: session.subscription, renews: 'gateway' },
    });
    const mine = await as(h, mentee)('GET', '/api/mentee/subscriptions');
    expect(mine.body).not.toContain(session.subscription!);
  });

  it('renews once on invoice.paid, even when the webhook is replayed 5 times at once, and mails no renewal link', async () => {
    const { mentor, mentee, session, sub } = await subscribed();
    await later(28 * DAY, mentor, mentee);
    expect((await notices(mentee)).find((n) => n.title === 'Renew your mentoring')).toBeUndefined();

    await later(2 * DAY, mentor, mentee);
    const invoice = stripe.billing.cycle(session.subscription!, { paid: true });
    const event = stripe.billing.event('invoice.paid', invoice.id);
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(event)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    // The same invoice under another event id (Stripe also sends invoice.payment_succeeded-like duplicates) changes nothing either.
    expect((await deliver(stripe.billing.event('invoice.paid', invoice.id))).statusCode).toBe(200);

    const after = await subRow(sub.id);
    expect(after.status).toBe('active');
    expect(after.currentPeriodEnd.getTime() - sub.currentPeriodEnd.getTime()).toBe(30 * DAY);
    const paid = await renewals(sub.id);
    expect(paid).toEqual([
      expect.objectContaining({
        gateway: 'stripe',
        reference: invoice.id,
        status: 'paid',
        amountMinor: PLAN_PRICE,
        gatewayPaymentId: invoice.payment_intent,
      }),
    ]);
    const earnings = (await as(h, mentor)('GET', '/api/mentor/earnings')).json().months as Array<{
      grossMinor: number;
    }>;
    expect(earnings.reduce((n, m) => n + m.grossMinor, 0)).toBe(2 * PLAN_PRICE);
    expect((await notices(mentee))[0]).toMatchObject({ title: 'Subscription renewed' });

    // The period-end job of the old period, a day later, finds it renewed.
    await later(2 * DAY, mentor, mentee);
    expect((await subRow(sub.id)).status).toBe('active');
  });

  it('goes past_due on invoice.payment_failed, with no renewal link, and ends when Stripe deletes the subscription', async () => {
    const { mentor, mentee, session, sub } = await subscribed();
    await later(30 * DAY, mentor, mentee);
    const invoice = stripe.billing.cycle(session.subscription!, { paid: false });
    expect((await deliver(stripe.billing.event('invoice.payment_failed', invoice.id))).statusCode).toBe(200);
    expect((await subRow(sub.id)).status).toBe('past_due');
    const due = (await notices(mentee)).find((n) => n.title === 'Payment due');
    expect(due).toMatchObject({ link: '/mentorship/mentee' });
    expect((await as(h, mentee)('POST', `/api/subscriptions/${sub.id}/renew`)).statusCode).toBe(409);
    expect(await renewals(sub.id)).toEqual([]);

    stripe.billing.end(session.subscription!);
    expect(
      (await deliver(stripe.billing.event('customer.subscription.deleted', session.subscription!))).statusCode,
    ).toBe(200);
    expect((await subRow(sub.id)).status).toBe('cancelled');
    expect((await notices(mentee))[0]).toMatchObject({ title: 'Subscription ended' });
  });

  it('refuses a deleted-subscription event Stripe does not confirm', async () => {
    const { session, sub } = await subscribed();
    expect(
      (await deliver(stripe.billing.event('customer.subscription.deleted', session.subscription!))).statusCode,
    ).toBe(200);
    expect((await subRow(sub.id)).status).toBe('active');
  });

  it('cancels at the period end at Stripe (either side), and the mentor ending it early cancels it at Stripe now and refunds', async () => {
    const first = await subscribed();
    const res = await as(h, first.mentee)('POST', `/api/subscriptions/${first.sub.id}/cancel`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(stripe.billing.subscriptions.get(first.session.subscription!)).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
    });
    expect(stripe.requests).toContain(`POST /v1/subscriptions/${first.session.subscription}`);

    const second = await subscribed();
    expect((await as(h, second.mentor)('POST', `/api/subscriptions/${second.sub.id}/cancel`, {})).statusCode).toBe(200);
    expect(stripe.billing.subscriptions.get(second.session.subscription!)).toMatchObject({
      cancel_at_period_end: true,
    });

    const third = await subscribed();
    await later(15 * DAY, third.mentor, third.mentee);
    const early = await as(h, third.mentor)('POST', `/api/subscriptions/${third.sub.id}/cancel`, { immediately: true });
    expect(early.statusCode, early.body).toBe(200);
    expect(early.json()).toMatchObject({ status: 'cancelled', refundedMinor: PLAN_PRICE / 2 });
    expect(stripe.billing.subscriptions.get(third.session.subscription!)).toMatchObject({ status: 'canceled' });
    // Stripe's own deleted event afterwards changes nothing.
    expect(
      (await deliver(stripe.billing.event('customer.subscription.deleted', third.session.subscription!))).statusCode,
    ).toBe(200);
    expect((await subRow(third.sub.id)).status).toBe('cancelled');
  });

  it("stops Stripe's renewals when the mentee's account is erased, once the erasure has committed", async () => {
    const { mentee, session } = await subscribed();
    const asked = await as(h, mentee)('POST', '/api/user/delete', { password: PASSWORD });
    expect(asked.statusCode, asked.body).toBe(202);
    // Still billing through the grace period: the member may yet sign in and keep the account.
    expect(stripe.billing.subscriptions.get(session.subscription!)).toMatchObject({ status: 'active' });
    h.clock.advance(8 * DAY);
    await h.jobs.runDue();
    expect(
      (await db().select().from(mentorSubscriptions).where(eq(mentorSubscriptions.menteeId, mentee.user.id))).length,
    ).toBe(0);
    expect(stripe.billing.subscriptions.get(session.subscription!)).toMatchObject({ status: 'canceled' });
  });
});
