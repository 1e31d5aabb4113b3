import type { PaymentsConfig } from '#server/env';
import type { PaymentGateway } from '#server/lib/payments/gateway';
import { createPaystackGateway } from '#server/lib/payments/paystack-gateway';
import { createStripeGateway } from '#server/lib/payments/stripe-gateway';
import type { TPaymentGateway } from '#shared/payments/payments.schemas';
import { createTestGateway, type TestGateway, type TestGatewayDeps } from './test-gateway';

export interface Gateways {
  /** Where new checkouts go (PAYMENT_GATEWAY, else by the keys set). */
  active: PaymentGateway;
  /** A configured gateway by name: a payment is verified and refunded by the one that took it. */
  get(name: string): PaymentGateway | undefined;
  /** The test gateway, for its checkout page: only while it is the active gateway. */
  test: TestGateway | undefined;
}

/**
 * Every gateway the settings configure. The test gateway's books are always readable, so test
 * payments made before real keys were set can still be checked and refunded (no money moves);
 * its checkout page, the only way to pay through it, exists only while it is the active gateway.
 */
export function createGateways(config: PaymentsConfig, deps: TestGatewayDeps): Gateways {
  const all = new Map<TPaymentGateway, PaymentGateway>();
  const testBooks = createTestGateway(deps);
  all.set('test', testBooks);
  if (config.stripe) all.set('stripe', createStripeGateway(config.stripe));
  if (config.paystack) all.set('paystack', createPaystackGateway(config.paystack));
  const active = all.get(config.gateway);
  // env.ts refuses a gateway without its keys; this only guards a hand-made config.
  if (!active) throw new Error(`The ${config.gateway} payment gateway is selected but not configured.`);
  return {
    active,
    get: (name) => all.get(name as TPaymentGateway),
    test: config.gateway === 'test' ? testBooks : undefined,
  };
}

/** How people are told which provider took a payment. */
export const GATEWAY_NAMES: Record<TPaymentGateway, string> = {
  test: 'the test gateway',
  stripe: 'Stripe',
  paystack: 'Paystack',
};
