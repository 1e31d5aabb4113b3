import { randomBytes } from 'node:crypto';

/**
 * Stripe Billing as the fake Stripe serves it (fake-stripe.ts): the subscription a
 * subscription-mode Checkout Session opens when paid, its invoices (the first one, then one per
 * renewal the test asks for), and cancelling it, in the shape of Stripe's API since 2025
 * (an invoice names its subscription under `parent.subscription_details`, its payments under
 * `payments`).
 */
export interface FakeStripeSubscription {
  id: string;
  object: 'subscription';
  status: 'active' | 'past_due' | 'canceled';
  cancel_at_period_end: boolean;
  metadata: Record<string, string>;
  currency: string;
  amount: number;
  canceled_at: number | null;
}

export interface FakeStripeInvoice {
  id: string;
  object: 'invoice';
  status: 'open' | 'paid';
  billing_reason: 'subscription_create' | 'subscription_cycle';
  amount_due: number;
  amount_paid: number;
  currency: string;
  subscription: string;
  payment_intent: string | null;
}

const token = (n = 12) => randomBytes(n).toString('hex');
type Answer = { status: number; body: unknown };

export function createFakeBilling(missing: (object: string, id: string) => Answer) {
  const subscriptions = new Map<string, FakeStripeSubscription>();
  const invoices = new Map<string, FakeStripeInvoice>();

  function invoiceBody(i: FakeStripeInvoice) {
    const sub = subscriptions.get(i.subscription)!;
    return {
      id: i.id,
      object: 'invoice',
      status: i.status,
      billing_reason: i.billing_reason,
      amount_due: i.amount_due,
      amount_paid: i.amount_paid,
      currency: i.currency,
      livemode: false,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: i.subscription, metadata: sub.metadata },
      },
      payments: {
        object: 'list',
        has_more: false,
        data: i.payment_intent
          ? [
              {
                id: `inpay_${token(6)}`,
                object: 'invoice_payment',
                status: i.status === 'paid' ? 'paid' : 'open',
                amount_paid: i.amount_paid,
                currency: i.currency,
                payment: { type: 'payment_intent', payment_intent: i.payment_intent },
              },
            ]
          : [],
      },
    };
  }

  function invoice(
    subscription: FakeStripeSubscription,
    reason: FakeStripeInvoice['billing_reason'],
    paid: boolean,
  ): FakeStripeInvoice {
    const made: FakeStripeInvoice = {
      id: `in_test_${token()}`,
      object: 'invoice',
      status: paid ? 'paid' : 'open',
      billing_reason: reason,
      amount_due: subscription.amount,
      amount_paid: paid ? subscription.amount : 0,
      currency: subscription.currency,
      subscription: subscription.id,
      payment_intent: `pi_test_${token()}`,
    };
    invoices.set(made.id, made);
    return made;
  }

  function subscription(id: string): FakeStripeSubscription {
    const found = subscriptions.get(id);
    if (!found) throw new Error(`fake Stripe has no subscription ${id}`);
    return found;
  }

  return {
    subscriptions,
    invoices,

    /** A subscription-mode session was paid: its subscription and first, paid invoice. */
    open(metadata: Record<string, string>, amount: number, currency: string) {
      const sub: FakeStripeSubscription = {
        id: `sub_test_${token()}`,
        object: 'subscription',
        status: 'active',
        cancel_at_period_end: false,
        metadata,
        currency,
        amount,
        canceled_at: null,
      };
      subscriptions.set(sub.id, sub);
      return { subscription: sub.id, invoice: invoice(sub, 'subscription_create', true) };
    },

    /** Stripe bills the next period: a paid invoice, or one whose card was declined (open). */
    cycle(subscriptionId: string, opts: { paid: boolean }): FakeStripeInvoice {
      const sub = subscription(subscriptionId);
      if (sub.status === 'canceled') throw new Error(`fake Stripe subscription ${subscriptionId} is canceled`);
      if (!opts.paid) sub.status = 'past_due';
      return invoice(sub, 'subscription_cycle', opts.paid);
    },

    /** Stripe ended the subscription (it gave up collecting, or someone cancelled it in the dashboard). */
    end(subscriptionId: string) {
      const sub = subscription(subscriptionId);
      sub.status = 'canceled';
      sub.canceled_at = Math.floor(Date.now() / 1000);
      return sub;
    },

    /** The event Stripe sends about an invoice or a subscription, in its current state. */
    event(type: 'invoice.paid' | 'invoice.payment_failed' | 'customer.subscription.deleted', id: string) {
      const object = type === 'customer.subscription.deleted' ? subscription(id) : invoiceBody(invoices.get(id)!);
      return {
        id: `evt_test_${token()}`,
        object: 'event',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object },
      };
    },

    /** The amount and currency a PaymentIntent of an invoice took: what may be refunded. */
    charged(intent: string) {
      const found = [...invoices.values()].find((i) => i.payment_intent === intent && i.status === 'paid');
      return found ? { amount: found.amount_paid, currency: found.currency } : undefined;
    },

    route(method: string, path: string, form: Record<string, unknown>): Answer | undefined {
      const inv = path.match(/^\/v1\/invoices\/([^/]+)$/);
      if (method === 'GET' && inv) {
        const found = invoices.get(decodeURIComponent(inv[1]!));
        return found ? { status: 200, body: invoiceBody(found) } : missing('invoice', inv[1]!);
      }
      const sub = path.match(/^\/v1\/subscriptions\/([^/]+)$/);
      if (!sub) return undefined;
      const found = subscriptions.get(decodeURIComponent(sub[1]!));
      if (!found) return missing('subscription', sub[1]!);
      if (method === 'POST' && found.status !== 'canceled' && form.cancel_at_period_end !== undefined)
        found.cancel_at_period_end = form.cancel_at_period_end === 'true';
      if (method === 'DELETE') {
        if (found.status === 'canceled')
          return {
            status: 400,
            body: {
              error: {
                type: 'invalid_request_error',
                message: `No such subscription: '${found.id}'`,
                code: 'resource_missing',
              },
            },
          };
        found.status = 'canceled';
        found.canceled_at = Math.floor(Date.now() / 1000);
      }
      return { status: 200, body: found };
    },
  };
}

export type FakeBilling = ReturnType<typeof createFakeBilling>;
