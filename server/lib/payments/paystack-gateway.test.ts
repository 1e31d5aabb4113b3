import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePaystack, type FakePaystack } from '#server/test/fake-paystack';
import { GatewayError, WebhookSignatureError, type CheckoutRequest, type PaymentGateway } from './gateway';
import { createPaystackGateway } from './paystack-gateway';
import { expectRefusedKeyAndUnreachableHost, raw, sampleCheckout } from './testing/adapter-kit';

/** The Paystack adapter over HTTP against a local Paystack-compatible server. */
let fake: FakePaystack;
let gateway: PaymentGateway;
let n = 0;

/** Each checkout its own payment id: Paystack refuses a reference twice. */
const checkout = (over: Partial<CheckoutRequest> = {}) =>
  sampleCheckout(`1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd${String(4000 + n++).padStart(4, '0')}`, over);

beforeAll(async () => {
  fake = await startFakePaystack();
  gateway = createPaystackGateway({ secretKey: fake.secretKey, apiBase: fake.url });
});
afterAll(() => fake.close());

describe('paystack gateway', () => {
  it('initializes a transaction in kobo with a reference from our payment id and the return URLs', async () => {
    const request = checkout();
    const session = await gateway.createCheckout(request);
    expect(session.reference).toBe(`blet-${request.paymentId.replace(/-/g, '')}`);
    const t = fake.transaction(session.reference);
    expect(session.url).toBe(`${fake.url}/checkout/${t.access_code}`);
    expect(t).toMatchObject({
      amount: 1_500_000,
      currency: 'NGN',
      email: 'ada@example.com',
      callback_url: `http://localhost:3999/courses/c1/payment/success?gateway=paystack&session_id=${session.reference}`,
      metadata: { ...request.metadata, cancel_action: 'http://localhost:3999/courses/c1/payment/cancel' },
    });
    // The same payment cannot open a second transaction.
    await expect(gateway.createCheckout(request)).rejects.toThrow(GatewayError);
  });

  it('verifies by reference: not paid, then paid with its transaction id', async () => {
    const request = checkout();
    const { reference } = await gateway.createCheckout(request);
    expect(await gateway.retrieve(reference)).toEqual({
      reference,
      paid: false,
      amountMinor: 1_500_000,
      currency: 'NGN',
      metadata: { ...request.metadata, cancel_action: request.cancelUrl },
      gatewayPaymentId: null,
    });
    const t = fake.complete(reference);
    expect(await gateway.retrieve(reference)).toMatchObject({ paid: true, gatewayPaymentId: String(t.id) });
  });

  it('reads metadata echoed as a JSON string or as ""', async () => {
    const request = checkout();
    const { reference } = await gateway.createCheckout(request);
    fake.tamper(reference, { metadata: JSON.stringify({ paymentId: request.paymentId, itemId: 'c1' }) });
    expect((await gateway.retrieve(reference))?.metadata).toEqual({ paymentId: request.paymentId, itemId: 'c1' });
    fake.tamper(reference, { metadata: '' });
    expect((await gateway.retrieve(reference))?.metadata).toEqual({});
  });

  it('answers undefined for a reference Paystack does not know', async () => {
    expect(await gateway.retrieve('blet-nosuchreference')).toBeUndefined();
  });

  it('refunds the transaction by reference; a retry answers the refund already made', async () => {
    const { reference } = await gateway.createCheckout(checkout());
    const t = fake.complete(reference);
    const request = {
      reference,
      gatewayPaymentId: String(t.id),
      amountMinor: 1_500_000,
      idempotencyKey: 'refund-request-1',
    };
    const { refundId } = await gateway.refund(request);
    expect(fake.refunds).toContainEqual(
      expect.objectContaining({ id: Number(refundId), amount: 1_500_000, transaction: { id: t.id, reference } }),
    );
    // A retried approval: Paystack refuses a second refund, and the one already made is the answer.
    expect(await gateway.refund(request)).toEqual({ refundId });
    expect(fake.refunds.filter((r) => r.transaction.reference === reference)).toHaveLength(1);
  });

  it('refunds part of a transaction once per idempotency key, the key carried as the merchant note', async () => {
    const { reference } = await gateway.createCheckout(checkout());
    const t = fake.complete(reference);
    const request = {
      reference,
      gatewayPaymentId: String(t.id),
      amountMinor: 500_000,
      idempotencyKey: 'partial-refund-1',
    };
    const { refundId } = await gateway.refund(request);
    expect(fake.refunds).toContainEqual(
      expect.objectContaining({ id: Number(refundId), amount: 500_000, merchant_note: 'partial-refund-1' }),
    );
    // Paystack would take a second part (it is within the amount): the retry must find the first.
    expect(await gateway.refund(request)).toEqual({ refundId });
    expect(fake.refunds.filter((r) => r.transaction.reference === reference)).toHaveLength(1);
    expect(fake.transaction(reference).status).toBe('success');
    // Another key is another refund, up to what was paid.
    await gateway.refund({ ...request, amountMinor: 1_000_000, idempotencyKey: 'partial-refund-2' });
    expect(fake.refunds.filter((r) => r.transaction.reference === reference).map((r) => r.amount)).toEqual([
      500_000, 1_000_000,
    ]);
    expect(fake.transaction(reference).status).toBe('reversed');
  });

  it('turns a refused key and an unreachable host into GatewayError without the key', () =>
    expectRefusedKeyAndUnreachableHost({
      connect: createPaystackGateway,
      secretKey: fake.secretKey,
      apiBase: fake.url,
      checkout,
      unknownReference: 'blet-x',
    }));

  describe('webhooks', () => {
    it('accepts a signed charge.success as the payment of its reference', async () => {
      const { reference } = await gateway.createCheckout(checkout());
      const t = fake.complete(reference);
      const delivery = fake.signedWebhook({ type: 'charge.success', reference });
      expect(gateway.parseWebhook!(...raw(delivery))).toEqual({
        id: `charge.success:${t.id}`,
        type: 'payment.succeeded',
        reference,
      });
    });

    it('ignores other event types', async () => {
      const { reference } = await gateway.createCheckout(checkout());
      for (const type of ['subscription.create', 'refund.processed', 'charge.dispute.create']) {
        expect(gateway.parseWebhook!(...raw(fake.signedWebhook({ type, reference }))).type).toBe('ignored');
      }
    });

    it('reads a transfer’s outcome events as news of that transfer, by reference', async () => {
      const reference = '2c0f8d5e-3f0a-4a43-9a57-2b1b8f0f6a10';
      for (const type of ['transfer.success', 'transfer.failed', 'transfer.reversed']) {
        const event = gateway.parseWebhook!(...raw(fake.signedWebhook({ type, reference })));
        expect(event).toMatchObject({
          type: 'transfer',
          reference,
          id: expect.stringMatching(new RegExp(`^${type}:`)),
        });
      }
    });

    it('refuses a wrong key, a tampered body, a missing or malformed header', async () => {
      const { reference } = await gateway.createCheckout(checkout());
      fake.complete(reference);
      const spec = { type: 'charge.success', reference };
      expect(() => gateway.parseWebhook!(...raw(fake.signedWebhook(spec, { secret: 'sk_test_notours' })))).toThrow(
        WebhookSignatureError,
      );
      const good = fake.signedWebhook(spec);
      const tampered = good.body.replace('"amount":1500000', '"amount":100');
      expect(tampered).not.toBe(good.body);
      expect(() => gateway.parseWebhook!(Buffer.from(tampered), good.headers)).toThrow(WebhookSignatureError);
      expect(() => gateway.parseWebhook!(Buffer.from(good.body), {})).toThrow(WebhookSignatureError);
      expect(() => gateway.parseWebhook!(Buffer.from(good.body), { 'x-paystack-signature': 'abc' })).toThrow(
        WebhookSignatureError,
      );
      const signature = good.headers['x-paystack-signature']!;
      const flipped = signature.slice(0, -1) + (signature.endsWith('0') ? '1' : '0');
      expect(() => gateway.parseWebhook!(Buffer.from(good.body), { 'x-paystack-signature': flipped })).toThrow(
        WebhookSignatureError,
      );
    });
  });
});
