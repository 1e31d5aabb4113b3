import Stripe from 'stripe';
import type { PaymentsConfig } from '#server/env';
import {
  GatewayError,
  WebhookSignatureError,
  type CheckoutRequest,
  type CheckoutSession,
  type GatewayPayment,
  type PaymentGateway,
  type RefundRequest,
  type WebhookEvent,
} from './gateway';
import { createStripeBilling, readBillingEvent, subscriptionLineItem } from './stripe-billing';
import { call, gatewayError, isMissing } from './stripe-errors';

/** Stripe's own replay window for signed webhooks (its SDK default, said out loud). */
const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Stripe Checkout Sessions through the official SDK. The session id is our reference: it is what
 * Stripe puts in the success URL (`{CHECKOUT_SESSION_ID}`) and in `checkout.session.*` events.
 */
export function createStripeGateway(cfg: NonNullable<PaymentsConfig['stripe']>): PaymentGateway {
  const stripe = new Stripe(cfg.secretKey, {
    ...hostOptions(cfg.apiBase),
    timeout: 10_000,
    // The SDK adds idempotency keys to its retries; against a local fake a retry only hides bugs.
    maxNetworkRetries: cfg.apiBase ? 0 : 1,
    telemetry: false,
  });

  const billing = createStripeBilling(stripe);

  return {
    name: 'stripe',
    currencies: ['NGN', 'USD'],
    renews: 'gateway',

    async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
      const common = {
        success_url: `${request.successUrl}?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: request.cancelUrl,
        client_reference_id: request.paymentId,
        customer_email: request.buyerEmail,
        metadata: request.metadata,
      };
      const params: Stripe.Checkout.SessionCreateParams = request.recurring
        ? // On the subscription too, so that each renewal invoice carries what was bought.
          {
            ...common,
            mode: 'subscription',
            line_items: [subscriptionLineItem(request, request.recurring.intervalDays)],
            subscription_data: { metadata: request.metadata },
          }
        : {
            ...common,
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: request.currency.toLowerCase(),
                  unit_amount: request.amountMinor,
                  product_data: { name: request.description },
                },
              },
            ],
            // Also on the PaymentIntent, so the dashboard's payment page says what was bought.
            payment_intent_data: { metadata: request.metadata },
          };
      const session = await call(() => stripe.checkout.sessions.create(params));
      if (!session.url) throw new GatewayError('Stripe answered a checkout session without a URL.');
      return { reference: session.id, url: session.url };
    },

    async retrieve(reference: string): Promise<GatewayPayment | undefined> {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.retrieve(reference);
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw gatewayError(err);
      }
      const paid = session.payment_status === 'paid';
      const intent = session.payment_intent;
      const subscription =
        typeof session.subscription === 'string' ? session.subscription : (session.subscription?.id ?? undefined);
      const invoice = typeof session.invoice === 'string' ? session.invoice : (session.invoice?.id ?? null);
      return {
        reference: session.id,
        paid,
        amountMinor: session.amount_total ?? 0,
        currency: (session.currency ?? '').toUpperCase(),
        metadata: { ...(session.metadata ?? {}) },
        // In subscription mode the first invoice holds the payment.
        gatewayPaymentId:
          subscription && paid
            ? await billing.firstPaymentIntent(invoice)
            : typeof intent === 'string'
              ? intent
              : (intent?.id ?? null),
        ...(subscription ? { mandate: subscription } : {}),
      };
    },

    retrieveRenewal: (invoice) => billing.retrieveRenewal(invoice),
    mandateEnded: (mandate) => billing.mandateEnded(mandate),
    cancelMandate: (mandate, opts) => billing.cancelMandate(mandate, opts),

    async refund(request: RefundRequest): Promise<{ refundId: string }> {
      if (!request.gatewayPaymentId) throw new GatewayError('This Stripe payment has no PaymentIntent to refund.');
      const refund = await call(() =>
        stripe.refunds.create(
          { payment_intent: request.gatewayPaymentId!, amount: request.amountMinor },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      return { refundId: refund.id };
    },

    parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): WebhookEvent {
      const signature = headers['stripe-signature'];
      if (!cfg.webhookSecret)
        throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks cannot be checked.');
      if (typeof signature !== 'string' || !signature)
        throw new WebhookSignatureError('The Stripe-Signature header is missing.');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, cfg.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
      } catch (err) {
        throw new WebhookSignatureError(err instanceof Error ? err.message : 'The Stripe signature does not match.');
      }
      return readEvent(event);
    },
  };
}

/** Only a paid checkout fulfils; a delayed method (bank debit) pays later with async_payment_succeeded. */
function readEvent(event: Stripe.Event): WebhookEvent {
  if (event.type === 'checkout.session.completed' && event.data.object.payment_status === 'paid') {
    return { id: event.id, type: 'payment.succeeded', reference: event.data.object.id };
  }
  if (event.type === 'checkout.session.async_payment_succeeded') {
    return { id: event.id, type: 'payment.succeeded', reference: event.data.object.id };
  }
  return readBillingEvent(event) ?? { id: event.id, type: 'ignored' };
}

/** STRIPE_API_BASE (a local fake in tests) as the SDK's host, port and protocol. */
function hostOptions(apiBase: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}
