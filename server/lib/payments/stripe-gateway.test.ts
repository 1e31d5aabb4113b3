import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '#server/test/fake-stripe';
import { GatewayError, WebhookSignatureError, type CheckoutRequest, type PaymentGateway } from './gateway';
import { createStripeGateway } from './stripe-gateway';
import { expectRefusedKeyAndUnreachableHost, raw, sampleCheckout } from './testing/adapter-kit';

/** The Stripe adapter through the official SDK, over HTTP, against a local Stripe-compatible server. */
let fake: FakeStripe;
let gateway: PaymentGateway;

const checkout = (over: Partial<CheckoutRequest> = {}) => sampleCheckout('1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed', over);

beforeAll(async () => {
  fake = await startFakeStripe();
  gateway = createStripeGateway({ secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, apiBase: fake.url });
});
afterAll(() => fake.close());

describe('stripe gateway', () => {
  it('opens a Checkout Session with one priced line, our ids and the return URLs', async () => {
    const session = await gateway.createCheckout(checkout());
    expect(session.reference).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${fake.url}/c/pay/${session.reference}`);
    const { params } = fake.session(session.reference);
    expect(params).toMatchObject({
      mode: 'payment',
      line_items: [
        {
          quantity: '1',
          price_data: {
            currency: 'ngn',
            unit_amount: '1500000',
            product_data: { name: 'Spreadsheets for small business' },
          },
        },
      ],
      success_url: 'http://localhost:3999/courses/c1/payment/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3999/courses/c1/payment/cancel',
      client_reference_id: '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed',
      customer_email: 'ada@example.com',
      metadata: checkout().metadata,
      payment_intent_data: { metadata: checkout().metadata },
    });
  });

  it('reads the truth: unpaid, then paid with its PaymentIntent, currency in upper case', async () => {
    const { reference } = await gateway.createCheckout(checkout({ currency: 'USD', amountMinor: 2500 }));
    expect(await gateway.retrieve(reference)).toEqual({
      reference,
      paid: false,
      amountMinor: 2500,
      currency: 'USD',
      metadata: checkout().metadata,
      gatewayPaymentId: null,
    });
    const paid = fake.complete(reference);
    expect(await gateway.retrieve(reference)).toMatchObject({
      paid: true,
      amountMinor: 2500,
      currency: 'USD',
      gatewayPaymentId: paid.payment_intent,
    });
  });

  it('answers undefined for a session Stripe does not know', async () => {
    expect(await gateway.retrieve('cs_test_nosuchsession')).toBeUndefined();
  });

  it('refunds the PaymentIntent once, however often the same approval is retried', async () => {
    const { reference } = await gateway.createCheckout(checkout());
    const intent = fake.complete(reference).payment_intent;
    const request = { reference, gatewayPaymentId: intent, amountMinor: 1_500_000, idempotencyKey: 'refund-request-1' };
    const first = await gateway.refund(request);
    const again = await gateway.refund(request);
    expect(again.refundId).toBe(first.refundId);
    expect(fake.refunds.filter((r) => r.payment_intent === intent)).toEqual([
      expect.objectContaining({ id: first.refundId, amount: 1_500_000, idempotencyKey: 'refund-request-1' }),
    ]);
    // Another key for the same payment is Stripe's own refusal, surfaced as a gateway error.
    await expect(gateway.refund({ ...request, idempotencyKey: 'refund-request-2' })).rejects.toThrow(GatewayError);
  });

  it('turns a refused key and an unreachable host into GatewayError without the key', () =>
    expectRefusedKeyAndUnreachableHost({
      connect: createStripeGateway,
      secretKey: fake.secretKey,
      apiBase: fake.url,
      checkout,
      unknownReference: 'cs_test_x',
    }));

  describe('webhooks', () => {
    it('accepts a signed checkout.session.completed for a paid session, and async_payment_succeeded', async () => {
      const { reference } = await gateway.createCheckout(checkout());
      fake.complete(reference);
      const completed = fake.signedWebhook({ type: 'checkout.session.completed', reference, id: 'evt_test_1' });
      expect(gateway.parseWebhook!(...raw(completed))).toEqual({
        id: 'evt_test_1',
        type: 'payment.succeeded',
        reference,
      });
      const later = fake.signedWebhook({
        type: 'checkout.session.async_payment_succeeded',
        reference,
        id: 'evt_test_2',
      });
      expect(gateway.parseWebhook!(...raw(later))).toEqual({ id: 'evt_test_2', type: 'payment.succeeded', reference });
    });

    it('ignores a completed session still unpaid (delayed methods) and other event types', async () => {
      const { reference } = await gateway.createCheckout(checkout());
      const unpaid = fake.signedWebhook({ type: 'checkout.session.completed', reference, id: 'evt_test_3' });
      expect(gateway.parseWebhook!(...raw(unpaid))).toEqual({ id: 'evt_test_3', type: 'ignored' });
      for (const type of ['checkout.session.expired', 'checkout.session.async_payment_failed', 'charge.refunded']) {
        expect(gateway.parseWebhook!(...raw(fake.signedWebhook({ type, reference, id: 'evt_test_4' })))).toEqual({
          id: 'evt_test_4',
          type: 'ignored',
        });
      }
    });

    it('refuses a wrong secret, a tampered body, a stale timestamp and a missing header', async () => {
      const { reference } = await gateway.createCheckout(checkout());
      fake.complete(reference);
      const spec = { type: 'checkout.session.completed', reference };
      const wrongSecret = fake.signedWebhook(spec, { secret: 'whsec_notours' });
      expect(() => gateway.parseWebhook!(...raw(wrongSecret))).toThrow(WebhookSignatureError);

      const good = fake.signedWebhook(spec);
      const tampered = good.body.replace(reference, 'cs_test_someoneelse');
      expect(() => gateway.parseWebhook!(Buffer.from(tampered), good.headers)).toThrow(WebhookSignatureError);

      const now = Math.floor(Date.now() / 1000);
      const fresh = fake.signedWebhook(spec, { timestamp: now - 290 });
      expect(gateway.parseWebhook!(...raw(fresh)).type).toBe('payment.succeeded');
      const stale = fake.signedWebhook(spec, { timestamp: now - 301 });
      expect(() => gateway.parseWebhook!(...raw(stale))).toThrow(WebhookSignatureError);

      expect(() => gateway.parseWebhook!(Buffer.from(good.body), { 'content-type': 'application/json' })).toThrow(
        WebhookSignatureError,
      );
      expect(() => gateway.parseWebhook!(Buffer.from(good.body), { 'stripe-signature': 'garbage' })).toThrow(
        WebhookSignatureError,
      );
    });

    it('refuses every webhook when no webhook secret is set', () => {
      const noSecret = createStripeGateway({ secretKey: fake.secretKey, apiBase: fake.url });
      const delivery = fake.signedWebhook({ type: 'checkout.session.completed', reference: 'cs_test_any' });
      expect(() => noSecret.parseWebhook!(...raw(delivery))).toThrow(WebhookSignatureError);
    });
  });
});
