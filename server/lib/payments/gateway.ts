import type { TCurrency } from '../../../shared/money';
import type { TPaymentGateway } from '../../../shared/payments/payments.schemas';

/**
 * What the payments service needs from a payment provider. Each gateway (test, Stripe,
 * Paystack) implements it; the service never knows which one it talks to. The gateway is the
 * source of truth: nothing is fulfilled from what a browser says, only from `retrieve` or a
 * signed webhook.
 */
export interface CheckoutRequest {
  /** Our payment id; also sent as metadata so that the gateway's answers can be matched. */
  paymentId: string;
  amountMinor: number;
  currency: TCurrency;
  /** What the buyer sees on the gateway's page, e.g. the course title. */
  description: string;
  buyerEmail: string;
  /**
   * Absolute URL, without a query, the gateway sends the buyer back to after paying. Each gateway
   * appends its id of the checkout as `session_id` (Stripe through its `{CHECKOUT_SESSION_ID}`
   * template) and, other than Stripe, `gateway=<name>`, which the success page sends to verify.
   */
  successUrl: string;
  cancelUrl: string;
  /** Echoed back by `retrieve` and webhooks: paymentId, buyerId, kind, itemId. */
  metadata: Record<string, string>;
}

export interface CheckoutSession {
  /** The gateway's id of this checkout: it is what the success page's `session_id` carries. */
  reference: string;
  /** Where to send the buyer's browser. */
  url: string;
}

/** The gateway's truth about one checkout. */
export interface GatewayPayment {
  reference: string;
  paid: boolean;
  amountMinor: number;
  /** Upper case ISO code, whatever the gateway's own spelling. */
  currency: string;
  metadata: Record<string, string>;
  /** The id to refund against (Stripe PaymentIntent, Paystack transaction id); null until paid. */
  gatewayPaymentId: string | null;
}

/** A verified webhook: either a payment to fulfil, or something we do not act on. */
export type WebhookEvent =
  | { id: string; type: 'payment.succeeded'; reference: string }
  | { id: string; type: 'ignored' };

export interface RefundRequest {
  reference: string;
  gatewayPaymentId: string | null;
  amountMinor: number;
  /** Our refund request id: an idempotency key, so a retried approval refunds once. */
  idempotencyKey: string;
}

export interface PaymentGateway {
  readonly name: TPaymentGateway;
  /** The currencies it takes; a checkout in another is refused with a message, before any call. */
  readonly currencies: readonly TCurrency[];
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /** Asks the gateway; undefined when it does not know the reference. */
  retrieve(reference: string): Promise<GatewayPayment | undefined>;
  refund(request: RefundRequest): Promise<{ refundId: string }>;
  /**
   * Checks the signature on the raw body and reads the event. Throws `WebhookSignatureError`
   * for a missing, wrong or stale signature. The test gateway has no webhooks.
   */
  parseWebhook?(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): WebhookEvent;
}

/** The webhook's signature is missing, wrong or too old: the route answers 400. */
export class WebhookSignatureError extends Error {
  override readonly name = 'WebhookSignatureError';
}

/**
 * The gateway could not be reached (retryable: trying again later may work) or refused the call
 * (not retryable: a revoked key, an amount it will not take). The service answers 502 with a
 * message that says which.
 */
export class GatewayError extends Error {
  override readonly name = 'GatewayError';
  readonly retryable: boolean;
  constructor(message: string, opts: { retryable?: boolean } = {}) {
    super(message);
    this.retryable = opts.retryable ?? true;
  }
}

/** A provider's HTTP status: a 4xx other than 429 is a refusal that a retry will not change. */
export const retryableStatus = (status: number | undefined) => status === undefined || status === 429 || status >= 500;
