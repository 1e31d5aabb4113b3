import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_URL, createHarness, type Harness } from '../../test/harness';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import { enrolments } from '../courses/course-learning.table';
import { actor, as, makeCourse, type Actor } from '../courses/testing/course-fixtures';
import { notifications } from '../notifications/notifications.table';
import { payments } from './payments.table';

/**
 * The gateway contract with Stripe, end to end: the real app, the official SDK, and a local
 * Stripe-compatible server with real webhook signatures. Fulfilment happens once, whatever
 * arrives first and however often, and only for what the gateway says was paid.
 */
let h: Harness;
let fake: FakeStripe;
let admin: Actor;
const PRICE = 1_500_000;

beforeAll(async () => {
  fake = await startFakeStripe();
  h = await createHarness({ env: { STRIPE_SECRET_KEY: fake.secretKey, STRIPE_WEBHOOK_SECRET: fake.webhookSecret, STRIPE_API_BASE: fake.url } });
  admin = await actor(h, 'admin');
});
afterAll(async () => {
  await h?.close();
  await fake?.close();
});

/** A fresh tutor with a published paid course and a buyer: counts start at zero. */
async function sale(input: { priceMinor?: number; currency?: 'NGN' | 'USD' } = {}) {
  const tutor = await actor(h, 'tutor');
  const course = await makeCourse(h, tutor.user, { admin: admin.user, input: { priceMinor: PRICE, currency: 'NGN', ...input } });
  const buyer = await actor(h, 'general');
  return { tutor, buyer, courseId: course.id };
}

async function checkout(buyer: Actor, courseId: string) {
  const res = await as(h, buyer)('POST', `/api/course-payments/courses/${courseId}/checkout`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { url: string; gateway: string; sessionId: string };
}

const verify = (buyer: Actor, courseId: string, transactionId: string) =>
  as(h, buyer)('POST', `/api/course-payments/courses/${courseId}/payment/verify`, { gateway: 'stripe', transactionId });

const deliver = (d: { body: string; headers: Record<string, string> }) =>
  h.app.inject({ method: 'POST', url: '/api/webhooks/stripe', payload: d.body, headers: d.headers });

const completed = (reference: string, sign?: { timestamp?: number; secret?: string }) =>
  fake.signedWebhook({ type: 'checkout.session.completed', reference }, sign);

/** What a sale left behind: enrolments, paid payments and the two notifications. */
async function books(s: { tutor: Actor; buyer: Actor; courseId: string }) {
  const db = h.app.database.db;
  const n = async (q: Promise<Array<{ n: number }>>) => Number((await q)[0]!.n);
  return {
    enrolments: await n(db.select({ n: count() }).from(enrolments).where(and(eq(enrolments.userId, s.buyer.user.id), eq(enrolments.courseId, s.courseId)))),
    paid: await n(db.select({ n: count() }).from(payments).where(and(eq(payments.buyerId, s.buyer.user.id), eq(payments.status, 'paid')))),
    purchaseNotices: await n(
      db.select({ n: count() }).from(notifications).where(and(eq(notifications.userId, s.buyer.user.id), eq(notifications.type, 'course_purchase'))),
    ),
    saleNotices: await n(
      db.select({ n: count() }).from(notifications).where(and(eq(notifications.userId, s.tutor.user.id), eq(notifications.type, 'payment_received'))),
    ),
  };
}

const ONCE = { enrolments: 1, paid: 1, purchaseNotices: 1, saleNotices: 1 };
const NOTHING = { enrolments: 0, paid: 0, purchaseNotices: 0, saleNotices: 0 };

describe('Stripe checkout', () => {
  it('answers the Checkout Session URL and opens it with our ids, price and return URLs', async () => {
    const s = await sale();
    const session = await checkout(s.buyer, s.courseId);
    expect(session).toEqual({ url: `${fake.url}/c/pay/${session.sessionId}`, gateway: 'stripe', sessionId: expect.stringMatching(/^cs_test_/) });
    const opened = fake.session(session.sessionId);
    expect(opened).toMatchObject({ amount_total: PRICE, currency: 'ngn', customer_email: s.buyer.user.email });
    expect(opened.success_url).toBe(`${APP_URL}/courses/${s.courseId}/payment/success?session_id={CHECKOUT_SESSION_ID}`);
    expect(opened.cancel_url).toBe(`${APP_URL}/courses/${s.courseId}/payment/cancel`);
    expect(opened.metadata).toMatchObject({ buyerId: s.buyer.user.id, kind: 'course', itemId: s.courseId });
    const [row] = await h.app.database.db.select().from(payments).where(eq(payments.reference, session.sessionId));
    expect(row).toMatchObject({ gateway: 'stripe', status: 'pending', amountMinor: PRICE, currency: 'NGN', buyerId: s.buyer.user.id });
    expect(opened.metadata.paymentId).toBe(row!.id);
    expect(opened.client_reference_id).toBe(row!.id);
  });
});

describe('Stripe fulfilment', () => {
  it('fulfils once when the same signed webhook arrives 5 times at once', async () => {
    const s = await sale();
    const { sessionId } = await checkout(s.buyer, s.courseId);
    const intent = fake.complete(sessionId).payment_intent;
    const delivery = completed(sessionId);
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(delivery)));
    for (const res of answers) expect([res.statusCode, res.json()]).toEqual([200, { received: true }]);
    expect(await books(s)).toEqual(ONCE);
    const [row] = await h.app.database.db.select().from(payments).where(eq(payments.reference, sessionId));
    expect(row).toMatchObject({ status: 'paid', gatewayPaymentId: intent, feeMinor: PRICE / 10 });
    // The success page's verify afterwards confirms without fulfilling again.
    expect((await verify(s.buyer, s.courseId, sessionId)).json()).toEqual({ success: true });
    expect(await books(s)).toEqual(ONCE);
  });

  it('fulfils once when verify races the webhook', async () => {
    const s = await sale();
    const { sessionId } = await checkout(s.buyer, s.courseId);
    fake.complete(sessionId);
    const delivery = completed(sessionId);
    const [v1, w1, v2, w2] = await Promise.all([
      verify(s.buyer, s.courseId, sessionId),
      deliver(delivery),
      verify(s.buyer, s.courseId, sessionId),
      deliver(completed(sessionId)),
    ]);
    for (const v of [v1!, v2!]) expect([v.statusCode, v.json()]).toEqual([200, { success: true }]);
    for (const w of [w1!, w2!]) expect(w.statusCode).toBe(200);
    expect(await books(s)).toEqual(ONCE);
  });

  it('asks for a redelivery (409) while the gateway does not yet show the payment as paid, then fulfils it', async () => {
    const s = await sale();
    const { sessionId } = await checkout(s.buyer, s.courseId);
    const early = fake.signedWebhook({ type: 'checkout.session.async_payment_succeeded', reference: sessionId });
    const first = await deliver(early);
    expect([first.statusCode, first.json().code]).toEqual([409, 'CONFLICT']);
    expect(await books(s)).toEqual(NOTHING);
    fake.complete(sessionId);
    // The same event, delivered again: it was not recorded as handled, so it fulfils now.
    expect((await deliver(early)).statusCode).toBe(200);
    expect(await books(s)).toEqual(ONCE);
  });

  it('fulfils a delayed payment on checkout.session.async_payment_succeeded', async () => {
    const s = await sale();
    const { sessionId } = await checkout(s.buyer, s.courseId);
    expect((await deliver(completed(sessionId))).statusCode).toBe(200);
    expect(await books(s)).toEqual(NOTHING);
    fake.complete(sessionId);
    expect((await deliver(fake.signedWebhook({ type: 'checkout.session.async_payment_succeeded', reference: sessionId }))).statusCode).toBe(200);
    expect(await books(s)).toEqual(ONCE);
  });

  it('refuses an unpaid session at verify', async () => {
    const s = await sale();
    const { sessionId } = await checkout(s.buyer, s.courseId);
    const res = await verify(s.buyer, s.courseId, sessionId);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ success: false, error: expect.any(String) });
    expect(await books(s)).toEqual(NOTHING);
  });
});

describe('Stripe tampering', () => {
  const cases: Array<[string, (s: { buyer: Actor; courseId: string }, other: { userId: string; courseId: string }) => Parameters<FakeStripe['tamper']>[1]]> = [
    ['amount', () => ({ amount: 100 })],
    ['currency', () => ({ currency: 'usd' })],
    ['course', (_s, other) => ({ metadata: { itemId: other.courseId } })],
    ['buyer', (_s, other) => ({ metadata: { buyerId: other.userId } })],
  ];
  it.each(cases)('fulfils nothing when Stripe reports another %s', async (_what, change) => {
    const s = await sale();
    const other = await sale();
    const { sessionId } = await checkout(s.buyer, s.courseId);
    fake.complete(sessionId);
    fake.tamper(sessionId, change(s, { userId: other.buyer.user.id, courseId: other.courseId }));
    const res = await verify(s.buyer, s.courseId, sessionId);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ success: false, error: expect.any(String), code: 'PAYMENT_FAILED' });
    const hook = await deliver(completed(sessionId));
    expect(hook.statusCode).toBe(200);
    expect(await books(s)).toEqual(NOTHING);
    expect(await books(other)).toEqual(NOTHING);
  });

  it("refuses to verify another user's session", async () => {
    const s = await sale();
    const { sessionId } = await checkout(s.buyer, s.courseId);
    fake.complete(sessionId);
    const intruder = await actor(h, 'general');
    const res = await verify(intruder, s.courseId, sessionId);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ success: false, error: expect.any(String) });
    expect(await books({ ...s, buyer: intruder })).toEqual(NOTHING);
  });
});

describe('Stripe webhook signatures', () => {
  it('answers 400 to a wrong secret, a stale timestamp or no signature, and changes nothing', async () => {
    const s = await sale();
    const { sessionId } = await checkout(s.buyer, s.courseId);
    fake.complete(sessionId);
    const stale = completed(sessionId, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    const unsigned = completed(sessionId);
    delete unsigned.headers['stripe-signature'];
    const good = completed(sessionId);
    const tampered = { ...good, body: good.body.replace('"paid"', '"unpaid"') };
    for (const bad of [completed(sessionId, { secret: 'whsec_notours' }), stale, unsigned, tampered]) {
      const res = await deliver(bad);
      expect([res.statusCode, res.json()]).toEqual([400, { error: 'Invalid webhook signature.', code: 'BAD_REQUEST' }]);
    }
    expect(await books(s)).toEqual(NOTHING);
    const [row] = await h.app.database.db.select().from(payments).where(eq(payments.reference, sessionId));
    expect(row?.status).toBe('pending');
    // The refused deliveries were not remembered: Stripe's genuine one still fulfils.
    expect((await deliver(good)).statusCode).toBe(200);
    expect(await books(s)).toEqual(ONCE);
  });

  it('answers 200 and does nothing for an unknown session or an event type it does not act on', async () => {
    const db = h.app.database.db;
    const paidBefore = Number((await db.select({ n: count() }).from(payments).where(eq(payments.status, 'paid')))[0]!.n);
    const unknown = await deliver(completed('cs_test_neveropenedhere'));
    expect([unknown.statusCode, unknown.json()]).toEqual([200, { received: true }]);

    const s = await sale();
    const { sessionId } = await checkout(s.buyer, s.courseId);
    fake.complete(sessionId);
    const expired = fake.signedWebhook({ type: 'checkout.session.expired', reference: sessionId, id: 'evt_test_ignored' });
    expect((await deliver(expired)).statusCode).toBe(200);
    expect(await books(s)).toEqual(NOTHING);
    expect(Number((await db.select({ n: count() }).from(payments).where(eq(payments.status, 'paid')))[0]!.n)).toBe(paidBefore);
  });
});

describe('Stripe refunds', () => {
  it('refunds the PaymentIntent exactly once when an admin approves', async () => {
    const s = await sale();
    const { sessionId } = await checkout(s.buyer, s.courseId);
    const intent = fake.complete(sessionId).payment_intent!;
    expect((await verify(s.buyer, s.courseId, sessionId)).json()).toEqual({ success: true });
    const [row] = await h.app.database.db.select().from(payments).where(eq(payments.reference, sessionId));

    const asked = await as(h, s.buyer)('POST', `/api/payments/${row!.id}/refund-request`, { reason: 'The course was not what I expected.' });
    expect(asked.statusCode, asked.body).toBe(201);
    const requestId = asked.json().refund.id as string;
    const decided = await as(h, admin)('POST', `/api/admin/refund-requests/${requestId}/decision`, { decision: 'approve' });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json()).toMatchObject({ status: 'approved', payment: { status: 'refunded' } });

    const again = await as(h, admin)('POST', `/api/admin/refund-requests/${requestId}/decision`, { decision: 'approve' });
    expect(again.statusCode).toBeGreaterThanOrEqual(400);
    expect(again.statusCode).toBeLessThan(500);
    expect(fake.refunds.filter((r) => r.payment_intent === intent)).toEqual([expect.objectContaining({ amount: PRICE, payment_intent: intent })]);
    expect((await books(s)).enrolments).toBe(0);
  });
});
