import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_URL, createHarness, type Harness } from '../../test/harness';
import { startFakePaystack, type FakePaystack } from '../../test/fake-paystack';
import { enrolments } from '../courses/course-learning.table';
import { actor, as, makeCourse, type Actor } from '../courses/testing/course-fixtures';
import { notifications } from '../notifications/notifications.table';
import { payments } from './payments.table';

/**
 * The gateway contract with Paystack, end to end: the real app, its REST client, and a local
 * Paystack-compatible server signing webhooks with HMAC-SHA512. Fulfilment happens once,
 * whatever arrives first and however often, and only for what Paystack says was paid.
 */
let h: Harness;
let fake: FakePaystack;
let admin: Actor;
const PRICE = 1_500_000;

beforeAll(async () => {
  fake = await startFakePaystack();
  h = await createHarness({ env: { PAYSTACK_SECRET_KEY: fake.secretKey, PAYSTACK_API_BASE: fake.url } });
  admin = await actor(h, 'admin');
});
afterAll(async () => {
  await h?.close();
  await fake?.close();
});

interface Sale {
  tutor: Actor;
  buyer: Actor;
  courseId: string;
}

/** A fresh tutor with a published paid course and a buyer: counts start at zero. */
async function sale(input: { priceMinor?: number; currency?: 'NGN' | 'USD' } = {}): Promise<Sale> {
  const tutor = await actor(h, 'tutor');
  const course = await makeCourse(h, tutor.user, { admin: admin.user, input: { priceMinor: PRICE, currency: 'NGN', ...input } });
  return { tutor, buyer: await actor(h, 'general'), courseId: course.id };
}

const startCheckout = (buyer: Actor, courseId: string) => as(h, buyer)('POST', `/api/course-payments/courses/${courseId}/checkout`);

async function checkout(buyer: Actor, courseId: string) {
  const res = await startCheckout(buyer, courseId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { url: string; gateway: string; sessionId: string };
}

const verify = (buyer: Actor, courseId: string, transactionId: string) =>
  as(h, buyer)('POST', `/api/course-payments/courses/${courseId}/payment/verify`, { gateway: 'paystack', transactionId });

const deliver = (d: { body: string; headers: Record<string, string> }) =>
  h.app.inject({ method: 'POST', url: '/api/webhooks/paystack', payload: d.body, headers: d.headers });

const charged = (reference: string, sign?: { secret?: string }) => fake.signedWebhook({ type: 'charge.success', reference }, sign);

/** What a sale left behind: enrolments, paid payments and the two notifications. */
async function books(s: Sale) {
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
const paymentOf = async (reference: string) => (await h.app.database.db.select().from(payments).where(eq(payments.reference, reference)))[0];

describe('Paystack checkout', () => {
  it('answers the authorization URL and initializes in kobo with our ids and return URLs', async () => {
    const s = await sale();
    const session = await checkout(s.buyer, s.courseId);
    const t = fake.transaction(session.sessionId);
    expect(session).toEqual({ url: `${fake.url}/checkout/${t.access_code}`, gateway: 'paystack', sessionId: t.reference });
    expect(t).toMatchObject({ amount: PRICE, currency: 'NGN', email: s.buyer.user.email });
    expect(t.callback_url).toBe(`${APP_URL}/courses/${s.courseId}/payment/success?gateway=paystack&session_id=${t.reference}`);
    const row = await paymentOf(session.sessionId);
    expect(row).toMatchObject({ gateway: 'paystack', status: 'pending', amountMinor: PRICE, currency: 'NGN' });
    expect(t.metadata).toEqual({
      paymentId: row!.id,
      buyerId: s.buyer.user.id,
      kind: 'course',
      itemId: s.courseId,
      cancel_action: `${APP_URL}/courses/${s.courseId}/payment/cancel`,
    });
  });

  it('refuses a course priced in dollars with a sentence, before calling Paystack', async () => {
    const s = await sale({ currency: 'USD', priceMinor: 2500 });
    const before = fake.requests.length;
    const res = await startCheckout(s.buyer, s.courseId);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: expect.stringContaining('USD'), code: 'BAD_REQUEST' });
    expect(fake.requests.length).toBe(before);
  });
});

describe('Paystack fulfilment', () => {
  it('fulfils once when the same signed charge.success arrives 5 times at once', async () => {
    const s = await sale();
    const { sessionId } = await checkout(s.buyer, s.courseId);
    const t = fake.complete(sessionId);
    const delivery = charged(sessionId);
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(delivery)));
    for (const res of answers) expect([res.statusCode, res.json()]).toEqual([200, { received: true }]);
    expect(await books(s)).toEqual(ONCE);
    expect(await paymentOf(sessionId)).toMatchObject({ status: 'paid', gatewayPaymentId: String(t.id) });
    expect((await verify(s.buyer, s.courseId, sessionId)).json()).toEqual({ success: true });
    expect(await books(s)).toEqual(ONCE);
  });

  it('fulfils once when verify races the webhook', async () => {
    const s = await sale();
    const { sessionId } = await checkout(s.buyer, s.courseId);
    fake.complete(sessionId);
    const delivery = charged(sessionId);
    const [v1, w1, v2, w2] = await Promise.all([verify(s.buyer, s.courseId, sessionId), deliver(delivery), verify(s.buyer, s.courseId, sessionId), deliver(delivery)]);
    for (const v of [v1!, v2!]) expect([v.statusCode, v.json()]).toEqual([200, { success: true }]);
    for (const w of [w1!, w2!]) expect(w.statusCode).toBe(200);
    expect(await books(s)).toEqual(ONCE);
  });

  it('reads metadata Paystack echoes as a JSON string', async () => {
    const s = await sale();
    const { sessionId } = await checkout(s.buyer, s.courseId);
    const t = fake.complete(sessionId);
    fake.tamper(sessionId, { metadata: JSON.stringify(t.metadata) });
    expect((await verify(s.buyer, s.courseId, sessionId)).json()).toEqual({ success: true });
    expect(await books(s)).toEqual(ONCE);
  });

  it('refuses a transaction not yet paid at verify', async () => {
    const s = await sale();
    const { sessionId } = await checkout(s.buyer, s.courseId);
    const res = await verify(s.buyer, s.courseId, sessionId);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ success: false, error: expect.any(String) });
    expect(await books(s)).toEqual(NOTHING);
  });
});

describe('Paystack tampering', () => {
  type Change = Parameters<FakePaystack['tamper']>[1];
  const cases: Array<[string, (other: { userId: string; courseId: string }) => Change]> = [
    ['amount', () => ({ amount: 100 })],
    ['currency', () => ({ currency: 'USD' })],
    ['course', (other) => ({ metadata: { itemId: other.courseId } })],
    ['buyer', (other) => ({ metadata: { buyerId: other.userId } })],
  ];
  it.each(cases)('fulfils nothing when Paystack reports another %s', async (_what, change) => {
    const s = await sale();
    const other = await sale();
    const { sessionId } = await checkout(s.buyer, s.courseId);
    fake.complete(sessionId);
    fake.tamper(sessionId, change({ userId: other.buyer.user.id, courseId: other.courseId }));
    const res = await verify(s.buyer, s.courseId, sessionId);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ success: false, error: expect.any(String), code: 'PAYMENT_FAILED' });
    expect((await deliver(charged(sessionId))).statusCode).toBe(200);
    expect(await books(s)).toEqual(NOTHING);
    expect(await books(other)).toEqual(NOTHING);
  });

  it("refuses to verify another user's transaction", async () => {
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

describe('Paystack webhook signatures', () => {
  it('answers 400 to a wrong key, a tampered body or no signature, and changes nothing', async () => {
    const s = await sale();
    const { sessionId } = await checkout(s.buyer, s.courseId);
    fake.complete(sessionId);
    const good = charged(sessionId);
    const unsigned = { body: good.body, headers: { 'content-type': 'application/json' } };
    const tampered = { ...good, body: good.body.replace(`"amount":${PRICE}`, '"amount":100') };
    expect(tampered.body).not.toBe(good.body);
    for (const bad of [charged(sessionId, { secret: 'sk_test_notours' }), tampered, unsigned]) {
      const res = await deliver(bad);
      expect([res.statusCode, res.json()]).toEqual([400, { error: 'Invalid webhook signature.', code: 'BAD_REQUEST' }]);
    }
    expect(await books(s)).toEqual(NOTHING);
    expect((await paymentOf(sessionId))?.status).toBe('pending');
    // The refused deliveries were not remembered: Paystack's genuine one still fulfils.
    expect((await deliver(good)).statusCode).toBe(200);
    expect(await books(s)).toEqual(ONCE);
  });

  it('answers 200 and does nothing for an unknown reference or an event type it does not act on', async () => {
    const db = h.app.database.db;
    const paidCount = async () => Number((await db.select({ n: count() }).from(payments).where(eq(payments.status, 'paid')))[0]!.n);
    const paidBefore = await paidCount();
    const unknown = await deliver(charged('blet-neveropenedhere'));
    expect([unknown.statusCode, unknown.json()]).toEqual([200, { received: true }]);

    const s = await sale();
    const { sessionId } = await checkout(s.buyer, s.courseId);
    fake.complete(sessionId);
    expect((await deliver(fake.signedWebhook({ type: 'transfer.success', reference: sessionId }))).statusCode).toBe(200);
    expect(await books(s)).toEqual(NOTHING);
    expect(await paidCount()).toBe(paidBefore);
  });
});

describe('Paystack refunds', () => {
  it('refunds the transaction exactly once when an admin approves', async () => {
    const s = await sale();
    const { sessionId } = await checkout(s.buyer, s.courseId);
    const t = fake.complete(sessionId);
    expect((await verify(s.buyer, s.courseId, sessionId)).json()).toEqual({ success: true });
    const row = await paymentOf(sessionId);

    const asked = await as(h, s.buyer)('POST', `/api/payments/${row!.id}/refund-request`, { reason: 'The course was not what I expected.' });
    expect(asked.statusCode, asked.body).toBe(201);
    const requestId = asked.json().refund.id as string;
    const decided = await as(h, admin)('POST', `/api/admin/refund-requests/${requestId}/decision`, { decision: 'approve' });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json()).toMatchObject({ status: 'approved', payment: { status: 'refunded' } });

    const again = await as(h, admin)('POST', `/api/admin/refund-requests/${requestId}/decision`, { decision: 'approve' });
    expect(again.statusCode).toBeGreaterThanOrEqual(400);
    expect(again.statusCode).toBeLessThan(500);
    expect(fake.refunds.filter((r) => r.transaction.reference === sessionId)).toEqual([
      expect.objectContaining({ amount: PRICE, transaction: { id: t.id, reference: sessionId } }),
    ]);
    expect((await books(s)).enrolments).toBe(0);
  });
});
