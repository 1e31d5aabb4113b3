import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_URL, createHarness, type Harness } from '#server/test/harness';
import { enrolments } from '#server/features/courses/learning/course-learning.table';
import { actor, as, type Actor } from '#server/features/courses/testing/course-fixtures';
import { notifications } from '#server/features/notifications/notifications.table';
import { payments } from '../payments.table';
import { NOTHING, ONCE, PRICE, books, checkout, sale, verify, type Sale } from './payment-fixtures';

/**
 * The contract every real payment gateway keeps with the app, end to end: the real app, the
 * gateway's real client, and a local gateway-compatible server with real webhook signatures.
 * Fulfilment happens once, whatever arrives first and however often, and only for what the
 * gateway says was paid. A gateway's suite supplies its parts (a GatewaySpec) and adds its own tests.
 */

/** A webhook delivery: the raw body and the headers, signed as the gateway signs them. */
export interface Delivery {
  body: string;
  headers: Record<string, string>;
}

/** What the app sent the gateway at checkout, in words common to all gateways. */
export interface SentToGateway {
  amount: number;
  currency: string;
  email: string | null;
  successUrl: unknown;
  cancelUrl: unknown;
  /** Our ids, without any field the gateway uses for something else (e.g. Paystack's cancel_action). */
  metadata: unknown;
}

/** A checkout the buyer paid on the gateway's page. */
export interface Completed {
  /** What the app must record as the gateway's payment id (and refund by). */
  gatewayPaymentId: string;
  /** How the fake's refund record names this payment. */
  refundTarget: Record<string, unknown>;
}

/** What someone may have altered of what the gateway says about a checkout. */
export interface Tampering {
  amount?: number;
  currency?: string;
  metadata?: Record<string, string>;
}

export interface GatewaySpec<F extends { close(): Promise<void> }> {
  /** For test names: 'Stripe'. */
  title: string;
  /** As the app names it, in routes and rows: 'stripe'. */
  gateway: string;
  /** What the gateway calls what checkout opens: 'session', 'transaction'. */
  noun: string;
  /** Starts the fake gateway, and the settings that point the app at it. */
  start(): Promise<F>;
  env(fake: F): Record<string, string>;
  checkout: {
    /** For test names: 'the Checkout Session URL'. */
    urlName: string;
    /** What checkout must answer besides the gateway's name. */
    answer(fake: F, sessionId: string): { url: string; sessionId: unknown };
    /** The currency as the gateway keeps it ('ngn' at Stripe). */
    currency: string;
    /** Where the gateway sends the buyer back after paying. */
    successUrl(courseId: string, sessionId: string): string;
    sent(fake: F, sessionId: string): SentToGateway;
    /** Assertions on anything else only this gateway is sent. */
    alsoSent?(fake: F, sessionId: string, paymentId: string): void;
  };
  /** The buyer pays on the gateway's page. */
  complete(fake: F, reference: string): Completed;
  tamper(fake: F, reference: string, change: Tampering): void;
  webhook: {
    /** The event that says a checkout was paid: 'checkout.session.completed'. */
    paidEvent: string;
    signatureHeader: string;
    paid(fake: F, reference: string): Delivery;
    /** The paid event signed with a secret that is not ours. */
    wrongSecret(fake: F, reference: string): Delivery;
    /** Alters a signed body in a way that matters (what was paid). */
    tamperBody(body: string): string;
    /** Further deliveries only this gateway refuses, e.g. a stale timestamp. */
    otherRejections?: Array<{ what: string; delivery(fake: F, reference: string): Delivery }>;
    /** A signed event of a type the app does not act on. */
    ignored(fake: F, reference: string): Delivery;
    /** A reference of the gateway's shape that the app never opened. */
    unknownReference: string;
  };
  refunds: {
    /** For test names: 'the PaymentIntent'. */
    of: string;
    /** The refunds the fake received for this payment. */
    received(fake: F, reference: string, paid: Completed): unknown[];
  };
}

/** The harness, the fake and helpers bound to them, for a gateway's own tests after the contract. */
export interface GatewayContext<F> {
  readonly h: Harness;
  readonly fake: F;
  readonly admin: Actor;
  sale(opts?: Parameters<typeof sale>[2]): Promise<Sale>;
  checkout(buyer: Actor, courseId: string): ReturnType<typeof checkout>;
  verify(buyer: Actor, courseId: string, transactionId: string): Promise<LightMyRequestResponse>;
  deliver(d: Delivery): Promise<LightMyRequestResponse>;
  books(s: Pick<Sale, 'tutor' | 'buyer' | 'courseId'>): ReturnType<typeof books>;
  paymentOf(reference: string): Promise<typeof payments.$inferSelect | undefined>;
}

/** "a, b or c" */
const either = (items: string[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;

/**
 * Registers, in the calling scope, the harness on the spec's fake gateway (beforeAll/afterAll)
 * and the contract's describe blocks; answers the context for the gateway's own tests.
 */
export function describeGatewayContract<F extends { close(): Promise<void> }>(spec: GatewaySpec<F>): GatewayContext<F> {
  let h: Harness;
  let fake: F;
  let admin: Actor;

  beforeAll(async () => {
    fake = await spec.start();
    h = await createHarness({ env: spec.env(fake) });
    admin = await actor(h, 'admin');
  });
  afterAll(async () => {
    await h?.close();
    await fake?.close();
  });

  const g: GatewayContext<F> = {
    get h() {
      return h;
    },
    get fake() {
      return fake;
    },
    get admin() {
      return admin;
    },
    sale: (opts) => sale(h, admin, opts),
    checkout: (buyer, courseId) => checkout(h, buyer, courseId),
    verify: (buyer, courseId, transactionId) => verify(h, buyer, courseId, transactionId, spec.gateway),
    deliver: (d) =>
      h.app.inject({ method: 'POST', url: `/api/webhooks/${spec.gateway}`, payload: d.body, headers: d.headers }),
    books: (s) => books(h, s),
    paymentOf: async (reference) =>
      (await h.app.database.db.select().from(payments).where(eq(payments.reference, reference)))[0],
  };

  /** What every sale in this app's database has left behind, whoever the buyer: to prove nothing happened for anyone. */
  async function everyonesBooks() {
    const db = h.app.database.db;
    const n = async (q: Promise<Array<{ n: number }>>) => Number((await q)[0]!.n);
    return {
      paid: await n(db.select({ n: count() }).from(payments).where(eq(payments.status, 'paid'))),
      enrolments: await n(db.select({ n: count() }).from(enrolments)),
      purchaseNotices: await n(
        db.select({ n: count() }).from(notifications).where(eq(notifications.type, 'course_purchase')),
      ),
      saleNotices: await n(
        db.select({ n: count() }).from(notifications).where(eq(notifications.type, 'payment_received')),
      ),
    };
  }

  /** A sale whose buyer has checked out: the pending row and the gateway's checkout exist. */
  async function checkedOut() {
    const s = await g.sale();
    const { sessionId } = await g.checkout(s.buyer, s.courseId);
    return { s, sessionId };
  }

  const { title, noun, webhook } = spec;

  describe(`${title} checkout`, () => {
    it(`answers ${spec.checkout.urlName}, sends the gateway our ids, price and return URLs, and writes a pending row that matches them`, async () => {
      const s = await g.sale();
      const session = await g.checkout(s.buyer, s.courseId);
      expect(session).toEqual({ gateway: spec.gateway, ...spec.checkout.answer(fake, session.sessionId) });
      const sent = spec.checkout.sent(fake, session.sessionId);
      expect(sent).toMatchObject({ amount: PRICE, currency: spec.checkout.currency, email: s.buyer.user.email });
      expect(sent.successUrl).toBe(spec.checkout.successUrl(s.courseId, session.sessionId));
      expect(sent.cancelUrl).toBe(`${APP_URL}/courses/${s.courseId}/payment/cancel`);
      const row = await g.paymentOf(session.sessionId);
      expect(row).toMatchObject({
        gateway: spec.gateway,
        status: 'pending',
        amountMinor: PRICE,
        currency: 'NGN',
        buyerId: s.buyer.user.id,
      });
      expect(sent.metadata).toEqual({
        paymentId: row!.id,
        buyerId: s.buyer.user.id,
        kind: 'course',
        itemId: s.courseId,
      });
      spec.checkout.alsoSent?.(fake, session.sessionId, row!.id);
    });
  });

  describe(`${title} fulfilment`, () => {
    it(`fulfils once when the same signed ${webhook.paidEvent} arrives 5 times at once`, async () => {
      const { s, sessionId } = await checkedOut();
      const paid = spec.complete(fake, sessionId);
      const delivery = webhook.paid(fake, sessionId);
      const answers = await Promise.all(Array.from({ length: 5 }, () => g.deliver(delivery)));
      for (const res of answers) expect([res.statusCode, res.json()]).toEqual([200, { received: true }]);
      expect(await g.books(s)).toEqual(ONCE);
      expect(await g.paymentOf(sessionId)).toMatchObject({
        status: 'paid',
        gatewayPaymentId: paid.gatewayPaymentId,
        feeMinor: PRICE / 10,
      });
      // The success page's verify afterwards confirms without fulfilling again.
      expect((await g.verify(s.buyer, s.courseId, sessionId)).json()).toEqual({ success: true });
      expect(await g.books(s)).toEqual(ONCE);
    });

    it('fulfils once when verify races the webhook', async () => {
      const { s, sessionId } = await checkedOut();
      spec.complete(fake, sessionId);
      const delivery = webhook.paid(fake, sessionId);
      const [v1, w1, v2, w2] = await Promise.all([
        g.verify(s.buyer, s.courseId, sessionId),
        g.deliver(delivery),
        g.verify(s.buyer, s.courseId, sessionId),
        g.deliver(webhook.paid(fake, sessionId)),
      ]);
      for (const v of [v1!, v2!]) expect([v.statusCode, v.json()]).toEqual([200, { success: true }]);
      for (const w of [w1!, w2!]) expect(w.statusCode).toBe(200);
      expect(await g.books(s)).toEqual(ONCE);
    });

    it(`refuses an unpaid ${noun} at verify`, async () => {
      const { s, sessionId } = await checkedOut();
      const res = await g.verify(s.buyer, s.courseId, sessionId);
      expect(res.statusCode).toBe(402);
      expect(res.json()).toMatchObject({ success: false, error: expect.any(String) });
      expect(await g.books(s)).toEqual(NOTHING);
    });
  });

  describe(`${title} tampering`, () => {
    const cases: Array<[string, (other: { userId: string; courseId: string }) => Tampering]> = [
      ['amount', () => ({ amount: 100 })],
      ['currency', () => ({ currency: 'USD' })],
      ['course', (other) => ({ metadata: { itemId: other.courseId } })],
      ['buyer', (other) => ({ metadata: { buyerId: other.userId } })],
    ];
    it.each(cases)(`fulfils nothing, for anyone, when ${title} reports another %s`, async (_what, change) => {
      const { s, sessionId } = await checkedOut();
      const other = await g.sale();
      spec.complete(fake, sessionId);
      spec.tamper(fake, sessionId, change({ userId: other.buyer.user.id, courseId: other.courseId }));
      const before = await everyonesBooks();
      const res = await g.verify(s.buyer, s.courseId, sessionId);
      expect(res.statusCode).toBe(402);
      expect(res.json()).toMatchObject({ success: false, error: expect.any(String), code: 'PAYMENT_FAILED' });
      expect((await g.deliver(webhook.paid(fake, sessionId))).statusCode).toBe(200);
      expect(await g.books(s)).toEqual(NOTHING);
      expect(await g.books(other)).toEqual(NOTHING);
      expect(await everyonesBooks()).toEqual(before);
    });

    it(`refuses to verify another user's ${noun}`, async () => {
      const { s, sessionId } = await checkedOut();
      spec.complete(fake, sessionId);
      const intruder = await actor(h, 'general');
      const before = await everyonesBooks();
      const res = await g.verify(intruder, s.courseId, sessionId);
      expect(res.statusCode).toBe(402);
      expect(res.json()).toMatchObject({ success: false, error: expect.any(String) });
      expect(await g.books({ ...s, buyer: intruder })).toEqual(NOTHING);
      expect(await everyonesBooks()).toEqual(before);
    });
  });

  describe(`${title} webhook signatures`, () => {
    const refused = [
      'a wrong secret',
      'a tampered body',
      'no signature',
      ...(webhook.otherRejections ?? []).map((r) => r.what),
    ];
    it(`answers 400 to ${either(refused)}, changes nothing, and the genuine delivery still fulfils`, async () => {
      const { s, sessionId } = await checkedOut();
      spec.complete(fake, sessionId);
      const good = webhook.paid(fake, sessionId);
      const tampered = { ...good, body: webhook.tamperBody(good.body) };
      expect(tampered.body).not.toBe(good.body);
      const { [webhook.signatureHeader]: signature, ...unsignedHeaders } = good.headers;
      expect(signature).toEqual(expect.any(String));
      const unsigned = { body: good.body, headers: unsignedHeaders };
      const others = (webhook.otherRejections ?? []).map((r) => r.delivery(fake, sessionId));
      for (const bad of [webhook.wrongSecret(fake, sessionId), tampered, unsigned, ...others]) {
        const res = await g.deliver(bad);
        expect([res.statusCode, res.json()]).toEqual([
          400,
          { error: 'Invalid webhook signature.', code: 'BAD_REQUEST' },
        ]);
      }
      expect(await g.books(s)).toEqual(NOTHING);
      expect((await g.paymentOf(sessionId))?.status).toBe('pending');
      // The refused deliveries were not remembered: the gateway's genuine one still fulfils.
      expect((await g.deliver(good)).statusCode).toBe(200);
      expect(await g.books(s)).toEqual(ONCE);
    });

    it(`answers 200 and does nothing for an unknown ${noun} or an event type it does not act on`, async () => {
      const before = await everyonesBooks();
      const unknown = await g.deliver(webhook.paid(fake, webhook.unknownReference));
      expect([unknown.statusCode, unknown.json()]).toEqual([200, { received: true }]);

      const { s, sessionId } = await checkedOut();
      spec.complete(fake, sessionId);
      expect((await g.deliver(webhook.ignored(fake, sessionId))).statusCode).toBe(200);
      expect(await g.books(s)).toEqual(NOTHING);
      expect(await everyonesBooks()).toEqual(before);
    });
  });

  describe(`${title} refunds`, () => {
    it(`refunds ${spec.refunds.of} exactly once when an admin approves, and the enrolment goes`, async () => {
      const { s, sessionId } = await checkedOut();
      const paid = spec.complete(fake, sessionId);
      expect((await g.verify(s.buyer, s.courseId, sessionId)).json()).toEqual({ success: true });
      const row = await g.paymentOf(sessionId);

      const asked = await as(h, s.buyer)('POST', `/api/payments/${row!.id}/refund-request`, {
        reason: 'The course was not what I expected.',
      });
      expect(asked.statusCode, asked.body).toBe(201);
      const requestId = asked.json().refund.id as string;
      const decided = await as(h, admin)('POST', `/api/admin/refund-requests/${requestId}/decision`, {
        decision: 'approve',
      });
      expect(decided.statusCode, decided.body).toBe(200);
      expect(decided.json()).toMatchObject({ status: 'approved', payment: { status: 'refunded' } });

      const again = await as(h, admin)('POST', `/api/admin/refund-requests/${requestId}/decision`, {
        decision: 'approve',
      });
      expect(again.statusCode).toBeGreaterThanOrEqual(400);
      expect(again.statusCode).toBeLessThan(500);
      expect(spec.refunds.received(fake, sessionId, paid)).toEqual([
        expect.objectContaining({ amount: PRICE, ...paid.refundTarget }),
      ]);
      expect((await g.books(s)).enrolments).toBe(0);
    });
  });

  return g;
}
