import type { TCurrency } from '#shared/money';
import type { TPaymentGateway } from '#shared/payments/payments.schemas';

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
  /**
   * A purchase that repeats (a mentorship subscription): a gateway that bills on its own schedule
   * (Stripe) opens a subscription renewing every `intervalDays`; the others take a single payment.
   */
  recurring?: { intervalDays: number };
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
  /**
   * What the gateway renews this purchase with, when it can: Stripe's subscription id, or
   * Paystack's reusable card authorization sealed by the adapter (a secret: never shown to anyone).
   */
  mandate?: string;
}

/** A renewal the gateway billed by itself (a Stripe subscription's invoice): the truth about it. */
export interface GatewayRenewal extends GatewayPayment {
  mandate: string;
  /** A period's renewal (Stripe's billing_reason subscription_cycle), not the first payment. */
  cycle: boolean;
}

/** A charge we ask for on a stored mandate (Paystack's charge_authorization). */
export interface MandateCharge {
  mandate: string;
  amountMinor: number;
  currency: TCurrency;
  /** Ours, the same for every attempt at one period: a retry cannot charge twice. */
  reference: string;
  metadata: Record<string, string>;
}

/**
 * A verified webhook: a payment to fulfil, a renewal the gateway billed or could not bill (by
 * its invoice id), a mandate the gateway ended, news of a transfer out (a payout, by our
 * reference), or something we do not act on.
 */
export type WebhookEvent =
  | { id: string; type: 'payment.succeeded'; reference: string }
  | { id: string; type: 'renewal.paid' | 'renewal.failed'; invoice: string }
  | { id: string; type: 'mandate.ended'; mandate: string }
  | { id: string; type: 'transfer'; reference: string }
  | { id: string; type: 'ignored' };

/**
 * Who hears of a gateway's transfer events (the wallet's payouts): the gateway's name and the
 * transfer's reference, nothing the sender wrote besides. It asks the gateway for the truth.
 */
export type TransferListener = (gateway: string, reference: string) => Promise<void>;

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
  /**
   * How the gateway renews a recurring purchase: 'gateway' bills by itself and says so by webhook
   * (Stripe), 'charge' takes a charge we ask for on the stored mandate (Paystack). Without it, a
   * renewal is a new checkout (the test gateway's mailed link).
   */
  readonly renews?: 'gateway' | 'charge';
  /** A renewal invoice ('gateway'); undefined when the gateway does not know it. */
  retrieveRenewal?(invoice: string): Promise<GatewayRenewal | undefined>;
  /** Whether the gateway has ended this mandate ('gateway'). */
  mandateEnded?(mandate: string): Promise<boolean>;
  /** Stops the gateway's own billing: at the period's end, or now. Ending an ended one is not an error. */
  cancelMandate?(mandate: string, opts: { atPeriodEnd: boolean }): Promise<void>;
  /** Charges a stored mandate ('charge'); the answer says whether it was paid (a declined card is unpaid). */
  chargeMandate?(charge: MandateCharge): Promise<GatewayPayment>;
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
