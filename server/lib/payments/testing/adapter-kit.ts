import { expect } from 'vitest';
import { GatewayError, type CheckoutRequest, type PaymentGateway } from '../gateway';

/** Test helpers for the gateway adapters' suites (stripe-gateway.test.ts, paystack-gateway.test.ts). */

/** What the app asks of any gateway for one course: ₦15,000 of "Spreadsheets for small business". */
export const sampleCheckout = (paymentId: string, over: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  paymentId,
  amountMinor: 1_500_000,
  currency: 'NGN',
  description: 'Spreadsheets for small business',
  buyerEmail: 'ada@example.com',
  successUrl: 'http://localhost:3999/courses/c1/payment/success',
  cancelUrl: 'http://localhost:3999/courses/c1/payment/cancel',
  metadata: { paymentId, buyerId: 'u1', kind: 'course', itemId: 'c1' },
  ...over,
});

/** A fake's webhook delivery as parseWebhook receives it. */
export const raw = (d: { body: string; headers: Record<string, string> }) => [Buffer.from(d.body), d.headers] as const;

/**
 * A refused key and an unreachable host both become GatewayError, without the key in the message:
 * the refusal not retryable (trying again will not help, and the person is told so), the outage retryable.
 */
export async function expectRefusedKeyAndUnreachableHost(o: {
  connect(cfg: { secretKey: string; apiBase: string }): PaymentGateway;
  /** The fake's. */
  secretKey: string;
  apiBase: string;
  checkout(): CheckoutRequest;
  unknownReference: string;
}) {
  const wrongKey = 'sk_test_wrongwrongwrong';
  const bad = o.connect({ secretKey: wrongKey, apiBase: o.apiBase });
  const err = await bad.createCheckout(o.checkout()).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(GatewayError);
  expect((err as Error).message).toContain('401');
  expect((err as Error).message).not.toContain(wrongKey);
  expect((err as GatewayError).retryable).toBe(false);
  await expect(bad.retrieve(o.unknownReference)).rejects.toThrow(GatewayError);
  const down = o.connect({ secretKey: o.secretKey, apiBase: 'http://127.0.0.1:9' });
  const unreachable = await down.createCheckout(o.checkout()).catch((e: unknown) => e);
  expect(unreachable).toBeInstanceOf(GatewayError);
  expect((unreachable as GatewayError).retryable).toBe(true);
}
