import { describe, expect, it } from 'vitest';
import { APP_URL } from '#server/test/harness';
import { startFakeStripe, type FakeStripe } from '#server/test/fake-stripe';
import { describeGatewayContract } from './testing/gateway-contract';
import { NOTHING, ONCE } from './testing/payment-fixtures';

/**
 * The gateway contract with Stripe, end to end: the real app, the official SDK, and a local
 * Stripe-compatible server with real webhook signatures (`t=...,v1=HMAC-SHA256`, a 300 s window).
 * Then what only Stripe does: payments that complete later (delayed methods).
 */
const completed = (fake: FakeStripe, reference: string, sign?: { timestamp?: number; secret?: string }) =>
  fake.signedWebhook({ type: 'checkout.session.completed', reference }, sign);

const stripe = describeGatewayContract<FakeStripe>({
  title: 'Stripe',
  gateway: 'stripe',
  noun: 'session',
  start: () => startFakeStripe(),
  env: (fake) => ({
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
    STRIPE_API_BASE: fake.url,
  }),
  checkout: {
    urlName: 'the Checkout Session URL',
    answer: (fake, sessionId) => ({
      url: `${fake.url}/c/pay/${sessionId}`,
      sessionId: expect.stringMatching(/^cs_test_/),
    }),
    currency: 'ngn',
    successUrl: (courseId) => `${APP_URL}/courses/${courseId}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
    sent(fake, sessionId) {
      const opened = fake.session(sessionId);
      return {
        amount: opened.amount_total,
        currency: opened.currency,
        email: opened.customer_email,
        successUrl: opened.success_url,
        cancelUrl: opened.cancel_url,
        metadata: opened.metadata,
      };
    },
    alsoSent: (fake, sessionId, paymentId) => expect(fake.session(sessionId).client_reference_id).toBe(paymentId),
  },
  complete(fake, reference) {
    const intent = fake.complete(reference).payment_intent!;
    return { gatewayPaymentId: intent, refundTarget: { payment_intent: intent } };
  },
  tamper: (fake, reference, change) => fake.tamper(reference, change),
  webhook: {
    paidEvent: 'checkout.session.completed',
    signatureHeader: 'stripe-signature',
    paid: (fake, reference) => completed(fake, reference),
    wrongSecret: (fake, reference) => completed(fake, reference, { secret: 'whsec_notours' }),
    tamperBody: (body) => body.replace('"paid"', '"unpaid"'),
    otherRejections: [
      {
        what: 'a stale timestamp',
        delivery: (fake, reference) => completed(fake, reference, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
      },
    ],
    ignored: (fake, reference) =>
      fake.signedWebhook({ type: 'checkout.session.expired', reference, id: 'evt_test_ignored' }),
    unknownReference: 'cs_test_neveropenedhere',
  },
  refunds: {
    of: 'the PaymentIntent',
    received: (fake, _reference, paid) => fake.refunds.filter((r) => r.payment_intent === paid.gatewayPaymentId),
  },
});

describe('Stripe delayed payments', () => {
  const asyncSucceeded = (reference: string) =>
    stripe.fake.signedWebhook({ type: 'checkout.session.async_payment_succeeded', reference });

  it('asks for a redelivery (409) while the gateway does not yet show the payment as paid, then fulfils it', async () => {
    const s = await stripe.sale();
    const { sessionId } = await stripe.checkout(s.buyer, s.courseId);
    const early = asyncSucceeded(sessionId);
    const first = await stripe.deliver(early);
    expect([first.statusCode, first.json().code]).toEqual([409, 'CONFLICT']);
    expect(await stripe.books(s)).toEqual(NOTHING);
    stripe.fake.complete(sessionId);
    // The same event, delivered again: it was not recorded as handled, so it fulfils now.
    expect((await stripe.deliver(early)).statusCode).toBe(200);
    expect(await stripe.books(s)).toEqual(ONCE);
  });

  it('fulfils a delayed payment on checkout.session.async_payment_succeeded', async () => {
    const s = await stripe.sale();
    const { sessionId } = await stripe.checkout(s.buyer, s.courseId);
    expect((await stripe.deliver(completed(stripe.fake, sessionId))).statusCode).toBe(200);
    expect(await stripe.books(s)).toEqual(NOTHING);
    stripe.fake.complete(sessionId);
    expect((await stripe.deliver(asyncSucceeded(sessionId))).statusCode).toBe(200);
    expect(await stripe.books(s)).toEqual(ONCE);
  });
});
