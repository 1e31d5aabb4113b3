import type Stripe from 'stripe';
import type { CheckoutRequest, GatewayRenewal, WebhookEvent } from './gateway';
import { call, gatewayError, isMissing } from './stripe-errors';

/**
 * Stripe Billing for recurring purchases: a Checkout Session in subscription mode with an inline
 * price renewing every N days, the renewal invoices it bills by itself, and the subscription's
 * end. Our ids travel as the subscription's metadata, so every invoice carries them.
 */
export function subscriptionLineItem(
  request: CheckoutRequest,
  intervalDays: number,
): Stripe.Checkout.SessionCreateParams.LineItem {
  return {
    quantity: 1,
    price_data: {
      currency: request.currency.toLowerCase(),
      unit_amount: request.amountMinor,
      product_data: { name: request.description },
      recurring: { interval: 'day', interval_count: intervalDays },
    },
  };
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** The subscription an invoice bills, from its parent (Stripe's API since 2025). */
const subscriptionOf = (invoice: Stripe.Invoice) => idOf(invoice.parent?.subscription_details?.subscription ?? null);

/** The PaymentIntent that paid an invoice: what a refund is made against. */
function paymentIntentOf(invoice: Stripe.Invoice): string | null {
  const paid = invoice.payments?.data.find((p) => p.status === 'paid') ?? invoice.payments?.data[0];
  return idOf(paid?.payment.payment_intent ?? null);
}

export function createStripeBilling(stripe: Stripe) {
  async function invoice(id: string): Promise<Stripe.Invoice | undefined> {
    try {
      return await stripe.invoices.retrieve(id, { expand: ['payments'] });
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw gatewayError(err);
    }
  }

  return {
    /** A subscription-mode session's first payment is made by its first invoice. */
    async firstPaymentIntent(invoiceId: string | null): Promise<string | null> {
      if (!invoiceId) return null;
      const found = await invoice(invoiceId);
      return found ? paymentIntentOf(found) : null;
    },

    async retrieveRenewal(id: string): Promise<GatewayRenewal | undefined> {
      const found = await invoice(id);
      const mandate = found && subscriptionOf(found);
      if (!found || !mandate) return undefined;
      return {
        reference: found.id,
        paid: found.status === 'paid',
        amountMinor: found.amount_paid || found.amount_due,
        currency: found.currency.toUpperCase(),
        metadata: { ...(found.parent?.subscription_details?.metadata ?? {}) },
        gatewayPaymentId: paymentIntentOf(found),
        mandate,
        cycle: found.billing_reason === 'subscription_cycle',
      };
    },

    async mandateEnded(id: string): Promise<boolean> {
      try {
        return (await stripe.subscriptions.retrieve(id)).status === 'canceled';
      } catch (err) {
        if (isMissing(err)) return true;
        throw gatewayError(err);
      }
    },

    async cancelMandate(id: string, opts: { atPeriodEnd: boolean }): Promise<void> {
      if (await this.mandateEnded(id)) return;
      if (opts.atPeriodEnd) await call(() => stripe.subscriptions.update(id, { cancel_at_period_end: true }));
      else await call(() => stripe.subscriptions.cancel(id));
    },
  };
}

/** Billing events: only ids are taken from them; the truth is fetched again. */
export function readBillingEvent(event: Stripe.Event): WebhookEvent | undefined {
  if (event.type === 'invoice.paid') return { id: event.id, type: 'renewal.paid', invoice: event.data.object.id };
  if (event.type === 'invoice.payment_failed')
    return { id: event.id, type: 'renewal.failed', invoice: event.data.object.id };
  if (event.type === 'customer.subscription.deleted')
    return { id: event.id, type: 'mandate.ended', mandate: event.data.object.id };
  return undefined;
}
