import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_URL, createHarness, type Harness } from '#server/test/harness';
import { connected, flush, openTestSocket } from '#server/test/sockets';
import { enrolments } from '../courses/learning/course-learning.table';
import { courses } from '../courses/catalogue/courses.table';
import { actor, as, makeCourse, type Actor } from '../courses/testing/course-fixtures';
import { payments, testGatewaySessions } from './payments.table';
import { NOTHING, ONCE, PRICE, books, buy, checkout, payTest, sale, verify } from './testing/payment-fixtures';

/**
 * Paid enrolment through the built-in test gateway, over the real HTTP stack: checkout, the
 * gateway's page, pay or cancel, verify. Fulfilment happens once, and only for what the gateway
 * says was paid by this buyer, for this course, at this price.
 */
let h: Harness;
let admin: Actor;
let port: number;
const sockets: Socket[] = [];
beforeAll(async () => {
  h = await createHarness();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  port = (h.app.server.address() as AddressInfo).port;
  admin = await actor(h, 'admin');
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await h.close();
});

const db = () => h.app.database.db;
const paymentOf = async (reference: string) =>
  (await db().select().from(payments).where(eq(payments.reference, reference)))[0]!;

describe('buying a course with the test gateway', () => {
  it('checks out, shows the page to the buyer only, pays, enrols once and notifies both sides once', async () => {
    const s = await sale(h, admin);
    const session = await checkout(h, s.buyer, s.courseId);
    expect(session).toEqual({
      url: `${APP_URL}/payments/test-checkout/${session.sessionId}`,
      gateway: 'test',
      sessionId: expect.stringMatching(/^test_[0-9a-f]{32}$/),
    });
    expect(await paymentOf(session.sessionId)).toMatchObject({
      status: 'pending',
      amountMinor: PRICE,
      currency: 'NGN',
      payeeId: s.tutor.user.id,
      kind: 'course',
      itemId: s.courseId,
    });

    const page = await as(h, s.buyer)('GET', `/api/payments/test-checkout/${session.sessionId}`);
    expect(page.json()).toEqual({
      reference: session.sessionId,
      description: 'Bookkeeping for small businesses',
      amountMinor: PRICE,
      currency: 'NGN',
      status: 'open',
      cancelUrl: `${APP_URL}/courses/${s.courseId}/payment/cancel`,
    });
    const stranger = await actor(h, 'student');
    expect((await as(h, stranger)('GET', `/api/payments/test-checkout/${session.sessionId}`)).statusCode).toBe(404);
    expect((await payTest(h, stranger, session.sessionId)).statusCode).toBe(404);
    expect((await as(h, null)('GET', `/api/payments/test-checkout/${session.sessionId}`)).statusCode).toBe(401);

    const paid = await payTest(h, s.buyer, session.sessionId);
    const successUrl = `${APP_URL}/courses/${s.courseId}/payment/success?gateway=test&session_id=${session.sessionId}`;
    expect([paid.statusCode, paid.json()]).toEqual([200, { redirectUrl: successUrl }]);
    expect(await books(h, s)).toEqual(ONCE);
    const [enrolment] = await db()
      .select()
      .from(enrolments)
      .where(and(eq(enrolments.userId, s.buyer.user.id), eq(enrolments.courseId, s.courseId)));
    expect(enrolment!.source).toBe('purchase');
    expect(await paymentOf(session.sessionId)).toMatchObject({
      status: 'paid',
      feeMinor: PRICE / 10,
      gatewayPaymentId: session.sessionId,
      paidAt: h.clock.now,
    });

    // The success page's verify, twice, and "Pay now" again: nothing more happens.
    for (let i = 0; i < 2; i++) {
      const res = await verify(h, s.buyer, s.courseId, session.sessionId);
      expect([res.statusCode, res.json()]).toEqual([200, { success: true }]);
    }
    expect((await payTest(h, s.buyer, session.sessionId)).json()).toEqual({ redirectUrl: successUrl });
    expect(await books(h, s)).toEqual(ONCE);

    const detail = (await as(h, s.buyer)('GET', `/api/courses/${s.courseId}`)).json();
    expect(detail.viewer.enrolled).toBe(true);
    expect(detail.enrolmentCount).toBe(1);
    const notes = (await as(h, s.buyer)('GET', '/api/notifications')).json().notifications;
    expect(notes[0]).toMatchObject({
      type: 'course_purchase',
      title: 'Enrolment confirmed',
      message: 'You bought "Bookkeeping for small businesses" for ₦15,000. You can start learning now.',
      link: `/courses/${s.courseId}/learn`,
    });
    const sold = (await as(h, s.tutor)('GET', '/api/notifications')).json().notifications;
    expect(sold[0]).toMatchObject({
      type: 'payment_received',
      title: 'You made a sale',
      message: `${s.buyer.user.fullName} bought "Bookkeeping for small businesses" for ₦15,000; your share is ₦13,500 after the platform fee.`,
      link: '/courses/tutor',
    });
    // The player opens every lesson now.
    expect((await as(h, s.buyer)('GET', `/api/courses/${s.courseId}/progress`)).statusCode).toBe(200);
  });

  it('tells the buyer, the tutor and their other tabs what to refetch, after the commit', async () => {
    const s = await sale(h, admin);
    const heard = { buyer: await listen(s.buyer), tutor: await listen(s.tutor) };
    await buy(h, s);
    await Promise.all(sockets.map(flush));
    expect(heard.buyer).toContainEqual([
      ['/api/user/enrollments'],
      ['/api/user/payments'],
      ['/api/courses', s.courseId],
    ]);
    expect(heard.tutor).toContainEqual([['/api/tutor/revenue'], ['/api/tutor/courses']]);
  });
});

describe('verify', () => {
  it('refuses a payment not completed yet, then confirms it once it is', async () => {
    const s = await sale(h, admin);
    const { sessionId } = await checkout(h, s.buyer, s.courseId);
    const early = await verify(h, s.buyer, s.courseId, sessionId);
    expect([early.statusCode, early.json()]).toEqual([
      402,
      { success: false, error: 'Your payment has not been completed yet.', code: 'PAYMENT_FAILED' },
    ]);
    expect(await books(h, s)).toEqual(NOTHING);
    await h.services.payments.testCheckout!.pay(s.buyer.user, sessionId);
    expect((await verify(h, s.buyer, s.courseId, sessionId)).json()).toEqual({ success: true });
  });

  it("never confirms another user's payment, another course's, or an unknown reference, and says nothing about them", async () => {
    const s = await sale(h, admin);
    const { reference } = await buy(h, s);
    const other = await sale(h, admin);
    const notYours = {
      success: false,
      error: 'We could not find this payment for your account.',
      code: 'PAYMENT_FAILED',
    };
    const thief = await actor(h, 'student');
    for (const res of [
      await verify(h, thief, s.courseId, reference),
      await verify(h, s.buyer, other.courseId, reference),
      await verify(h, s.buyer, s.courseId, 'test_unknown'),
      await verify(h, s.buyer, s.courseId, reference, 'stripe'),
    ]) {
      expect([res.statusCode, res.json()]).toEqual([402, notYours]);
    }
    expect(
      (
        await as(h, null)('POST', `/api/course-payments/courses/${s.courseId}/payment/verify`, {
          gateway: 'test',
          transactionId: reference,
        })
      ).statusCode,
    ).toBe(401);
    const bad = await verify(h, s.buyer, s.courseId, '');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ fields: { transactionId: 'transactionId is required' } });
  });

  it.each([
    ['amount', sql`amount_minor = amount_minor - 100`],
    ['currency', sql`currency = 'USD'`],
    ['buyer', sql`metadata = jsonb_set(metadata, '{buyerId}', to_jsonb(gen_random_uuid()::text))`],
    ['course', sql`metadata = jsonb_set(metadata, '{itemId}', to_jsonb(gen_random_uuid()::text))`],
    ['payment', sql`metadata = jsonb_set(metadata, '{paymentId}', to_jsonb(gen_random_uuid()::text))`],
  ])('fulfils nothing when the gateway reports another %s', async (_what, change) => {
    const s = await sale(h, admin);
    const { sessionId } = await checkout(h, s.buyer, s.courseId);
    // The gateway's side of the books, paid but changed as a forged or swapped session would be.
    await db().execute(
      sql`update ${testGatewaySessions} set ${change}, status = 'paid' where reference = ${sessionId}`,
    );
    expect(await h.services.payments.fulfilFromGateway('test', sessionId)).toBe('mismatch');
    const res = await verify(h, s.buyer, s.courseId, sessionId);
    expect([res.statusCode, res.json()]).toEqual([
      402,
      { success: false, error: 'We could not confirm this payment. Please contact support.', code: 'PAYMENT_FAILED' },
    ]);
    expect(await books(h, s)).toEqual(NOTHING);
    expect((await paymentOf(sessionId)).status).toBe('pending');
  });
});

describe('exactly once', () => {
  it('gives one enrolment, one paid payment and one notification each when pay, verify and fulfilments race', async () => {
    const s = await sale(h, admin);
    const { sessionId } = await checkout(h, s.buyer, s.courseId);
    const { payments: service } = h.services;
    const results = await Promise.all([
      payTest(h, s.buyer, sessionId),
      ...Array.from({ length: 5 }, () => service.fulfilFromGateway('test', sessionId)),
      payTest(h, s.buyer, sessionId),
      verify(h, s.buyer, s.courseId, sessionId),
    ]);
    expect(results.filter((r) => r === 'fulfilled').length).toBeLessThanOrEqual(1);
    expect((await verify(h, s.buyer, s.courseId, sessionId)).json()).toEqual({ success: true });
    expect(await books(h, s)).toEqual(ONCE);
    expect((await db().select().from(courses).where(eq(courses.id, s.courseId)))[0]!.enrolmentCount).toBe(1);
  });

  it('fulfils once when five fulfilments of a paid session run at once', async () => {
    const s = await sale(h, admin);
    const { sessionId } = await checkout(h, s.buyer, s.courseId);
    await h.app.database.db
      .update(testGatewaySessions)
      .set({ status: 'paid' })
      .where(eq(testGatewaySessions.reference, sessionId));
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () => h.services.payments.fulfilFromGateway('test', sessionId)),
    );
    expect(outcomes.sort()).toEqual(['already-paid', 'already-paid', 'already-paid', 'already-paid', 'fulfilled']);
    expect(await books(h, s)).toEqual(ONCE);
  });
});

describe('cancel', () => {
  it('cancels the checkout and the payment, enrols nobody, and refuses to pay afterwards', async () => {
    const s = await sale(h, admin);
    const { sessionId } = await checkout(h, s.buyer, s.courseId);
    const cancelUrl = `${APP_URL}/courses/${s.courseId}/payment/cancel`;
    for (let i = 0; i < 2; i++) {
      const res = await as(h, s.buyer)('POST', `/api/payments/test-checkout/${sessionId}/cancel`);
      expect([res.statusCode, res.json()]).toEqual([200, { redirectUrl: cancelUrl }]);
    }
    expect((await paymentOf(sessionId)).status).toBe('cancelled');
    const pay = await payTest(h, s.buyer, sessionId);
    expect([pay.statusCode, pay.json().code]).toEqual([409, 'CONFLICT']);
    expect((await verify(h, s.buyer, s.courseId, sessionId)).statusCode).toBe(402);
    expect(await books(h, s)).toEqual(NOTHING);
    // A paid checkout cannot be cancelled.
    const { reference } = await buy(h, s);
    expect((await as(h, s.buyer)('POST', `/api/payments/test-checkout/${reference}/cancel`)).statusCode).toBe(409);
  });
});

describe('checkout refusals', () => {
  const attempt = (who: Actor | null, courseId: string) =>
    as(h, who)('POST', `/api/course-payments/courses/${courseId}/checkout`);

  it('says why a course cannot be bought', async () => {
    const s = await sale(h, admin);
    const free = await makeCourse(h, s.tutor.user, { admin: admin.user, input: { priceMinor: 0 } });
    const draft = await makeCourse(h, s.tutor.user, { status: 'draft', input: { priceMinor: PRICE } });
    const cases: Array<[Actor | null, string, number, string]> = [
      [s.buyer, free.id, 400, 'This course is free: enrol instead of buying it.'],
      [s.tutor, s.courseId, 403, 'You teach this course: you cannot buy it.'],
      [admin, s.courseId, 403, 'Administrators do not buy courses.'],
      [s.buyer, draft.id, 404, 'Course not found.'],
      [null, s.courseId, 401, 'Please log in to continue.'],
    ];
    for (const [who, id, status, error] of cases) {
      const res = await attempt(who, id);
      expect([res.statusCode, res.json().error]).toEqual([status, error]);
    }
    await buy(h, s);
    const again = await attempt(s.buyer, s.courseId);
    expect([again.statusCode, again.json()]).toEqual([
      409,
      { error: 'You are already enrolled in this course.', code: 'CONFLICT' },
    ]);
  });

  it('refuses a member suspended from courses, and the free enrol path refuses a paid course', async () => {
    const s = await sale(h, admin);
    const enrol = await as(h, s.buyer)('POST', `/api/courses/${s.courseId}/enroll`);
    expect([enrol.statusCode, enrol.json().error]).toEqual([400, 'This course is paid: buy it to enrol.']);
    await h.services.accounts.suspend(s.buyer.user.id, { reason: 'Chargebacks', restrictions: ['courses'] });
    const res = await attempt(s.buyer, s.courseId);
    expect([res.statusCode, res.json()]).toEqual([
      403,
      { error: 'Your account is suspended from this area.', code: 'ACCOUNT_SUSPENDED' },
    ]);
  });
});

describe('the checkout rate limit', () => {
  it('lets a buyer open 20 checkouts and make 30 verifications a minute, then answers 429 with a sentence', async () => {
    const limited = await createHarness({ rateLimitScale: 1 });
    try {
      const s = await sale(limited, await actor(limited, 'admin'));
      for (let i = 0; i < 20; i++) await checkout(limited, s.buyer, s.courseId);
      const res = await as(limited, s.buyer)('POST', `/api/course-payments/courses/${s.courseId}/checkout`);
      expect([res.statusCode, res.json().code]).toEqual([429, 'RATE_LIMITED']);
      // Another buyer has a budget of their own.
      const other = await actor(limited, 'student');
      const { sessionId } = await checkout(limited, other, s.courseId);
      // Verify asks the gateway: it has a budget too (30 a minute).
      for (let i = 0; i < 30; i++) expect((await verify(limited, other, s.courseId, sessionId)).statusCode).toBe(402);
      const more = await verify(limited, other, s.courseId, sessionId);
      expect([more.statusCode, more.json().code]).toEqual([429, 'RATE_LIMITED']);
    } finally {
      await limited.close();
    }
  });
});

describe('the test gateway with real keys set', () => {
  it('does not exist: its pages are 404 for everyone', async () => {
    const live = await createHarness({
      env: { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_BASE: 'http://127.0.0.1:9' },
    });
    try {
      expect(live.services.payments.testCheckout).toBeUndefined();
      const buyer = await actor(live, 'student');
      for (const who of [null, buyer]) {
        expect((await as(live, who)('GET', '/api/payments/test-checkout/test_abc')).statusCode).toBe(404);
        expect((await as(live, who)('POST', '/api/payments/test-checkout/test_abc/pay')).statusCode).toBe(404);
      }
      // An unreachable provider is a 502 with a sentence, and nothing is written.
      const s = await sale(live, await actor(live, 'admin'));
      const res = await as(live, s.buyer)('POST', `/api/course-payments/courses/${s.courseId}/checkout`);
      expect([res.statusCode, res.json()]).toEqual([
        502,
        {
          error: 'The payment provider could not be reached. Nothing was changed; please try again in a minute.',
          code: 'GATEWAY_UNAVAILABLE',
        },
      ]);
      expect(await live.app.database.db.select().from(payments)).toEqual([]);
    } finally {
      await live.close();
    }
  });
});

/** The query keys of every data:updated event `who`'s sockets receive. */
async function listen(who: Actor) {
  const socket = openTestSocket(port, { cookie: who.cookie, origin: APP_URL });
  sockets.push(socket);
  const heard: string[][][] = [];
  socket.on('data:updated', (p: { queryKeys: string[][] }) => heard.push(p.queryKeys));
  await connected(socket);
  return heard;
}
