import { describe, expect, it } from 'vitest';
import { APP_URL } from '#server/test/harness';
import { startFakePaystack, type FakePaystack } from '#server/test/fake-paystack';
import { as } from '../courses/testing/course-fixtures';
import { describeGatewayContract } from './testing/gateway-contract';
import { ONCE, PRICE } from './testing/payment-fixtures';

/**
 * The gateway contract with Paystack, end to end: the real app, its REST client, and a local
 * Paystack-compatible server signing webhooks with HMAC-SHA512. Then what only Paystack does:
 * naira only, and metadata that may come back as a JSON string.
 */
const charged = (fake: FakePaystack, reference: string, sign?: { secret?: string }) =>
  fake.signedWebhook({ type: 'charge.success', reference }, sign);

const paystack = describeGatewayContract<FakePaystack>({
  title: 'Paystack',
  gateway: 'paystack',
  noun: 'transaction',
  start: () => startFakePaystack(),
  env: (fake) => ({ PAYSTACK_SECRET_KEY: fake.secretKey, PAYSTACK_API_BASE: fake.url }),
  checkout: {
    urlName: 'the authorization URL',
    answer(fake, sessionId) {
      const t = fake.transaction(sessionId);
      return { url: `${fake.url}/checkout/${t.access_code}`, sessionId: t.reference };
    },
    currency: 'NGN',
    successUrl: (courseId, sessionId) =>
      `${APP_URL}/courses/${courseId}/payment/success?gateway=paystack&session_id=${sessionId}`,
    sent(fake, sessionId) {
      const t = fake.transaction(sessionId);
      // Paystack has no cancel URL of its own: it goes in the metadata as cancel_action.
      const { cancel_action, ...metadata } = t.metadata as Record<string, unknown>;
      return {
        amount: t.amount,
        currency: t.currency,
        email: t.email,
        successUrl: t.callback_url,
        cancelUrl: cancel_action,
        metadata,
      };
    },
  },
  complete(fake, reference) {
    const t = fake.complete(reference);
    return { gatewayPaymentId: String(t.id), refundTarget: { transaction: { id: t.id, reference } } };
  },
  tamper: (fake, reference, change) => fake.tamper(reference, change),
  webhook: {
    paidEvent: 'charge.success',
    signatureHeader: 'x-paystack-signature',
    paid: (fake, reference) => charged(fake, reference),
    wrongSecret: (fake, reference) => charged(fake, reference, { secret: 'sk_test_notours' }),
    tamperBody: (body) => body.replace(`"amount":${PRICE}`, '"amount":100'),
    ignored: (fake, reference) => fake.signedWebhook({ type: 'transfer.success', reference }),
    unknownReference: 'blet-neveropenedhere',
  },
  refunds: {
    of: 'the transaction',
    received: (fake, reference) => fake.refunds.filter((r) => r.transaction.reference === reference),
  },
});

describe('Paystack currencies', () => {
  it('refuses a course priced in dollars with a sentence, before calling Paystack', async () => {
    const s = await paystack.sale({ currency: 'USD', priceMinor: 2500 });
    const before = paystack.fake.requests.length;
    const res = await as(paystack.h, s.buyer)('POST', `/api/course-payments/courses/${s.courseId}/checkout`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: expect.stringContaining('USD'), code: 'BAD_REQUEST' });
    expect(paystack.fake.requests.length).toBe(before);
  });
});

describe('Paystack metadata', () => {
  it('reads metadata Paystack echoes as a JSON string', async () => {
    const s = await paystack.sale();
    const { sessionId } = await paystack.checkout(s.buyer, s.courseId);
    const t = paystack.fake.complete(sessionId);
    paystack.fake.tamper(sessionId, { metadata: JSON.stringify(t.metadata) });
    expect((await paystack.verify(s.buyer, s.courseId, sessionId)).json()).toEqual({ success: true });
    expect(await paystack.books(s)).toEqual(ONCE);
  });
});
