import type { PaymentsConfig } from '../../env';
import type { PaymentGateway } from '../../lib/payments/gateway';
import { createPaystackGateway } from '../../lib/payments/paystack-gateway';
import { createStripeGateway } from '../../lib/payments/stripe-gateway';
import type { TPaymentGateway } from '../../../shared/payments/payments.schemas';
import { createTestGateway, type TestGateway, type TestGatewayDeps } from './test-gateway';

export interface Gateways {
  /** Where new checkouts go (PAYMENT_GATEWAY, else by the keys set). */
  active: PaymentGateway;
  /** A configured gateway by name: a payment is verified and refunded by the one that took it. */
  get(name: string): PaymentGateway | undefined;
  /** The test gateway's own checkout page, only while it is the active gateway. */
  test: TestGateway | undefined;
}

/**
 * Every gateway the settings configure. The test gateway is built only when it is the active
 * one: a deployment with real keys must not accept test payments, not even for old references.
 */
export function createGateways(config: PaymentsConfig, deps: TestGatewayDeps): Gateways {
  const all = new Map<TPaymentGateway, PaymentGateway>();
  const test = config.gateway === 'test' ? createTestGateway(deps) : undefined;
  if (test) all.set('test', test);
  if (config.stripe) all.set('stripe', createStripeGateway(config.stripe));
  if (config.paystack) all.set('paystack', createPaystackGateway(config.paystack));
  const active = all.get(config.gateway);
  // env.ts refuses a gateway without its keys; this only guards a hand-made config.
  if (!active) throw new Error(`The ${config.gateway} payment gateway is selected but not configured.`);
  return { active, get: (name) => all.get(name as TPaymentGateway), test };
}
