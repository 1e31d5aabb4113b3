import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaymentsConfig } from '#server/env';
import {
  GatewayError,
  WebhookSignatureError,
  retryableStatus,
  type CheckoutRequest,
  type CheckoutSession,
  type GatewayPayment,
  type MandateCharge,
  type PaymentGateway,
  type RefundRequest,
  type WebhookEvent,
} from './gateway';
import { createPaystackClient } from './paystack-client';
import { openAuthorization, sealAuthorization } from './paystack-mandate';

interface PaystackTransaction {
  id: number;
  status: string;
  reference: string;
  amount: number;
  currency: string;
  metadata?: unknown;
  customer?: { email?: string };
  /** The card used; `reusable` ones can be charged again with charge_authorization. */
  authorization?: { authorization_code?: string; reusable?: boolean };
}

/** Paystack's events about a transfer's outcome (Transfers API), answered by asking it for the truth. */
const TRANSFER_EVENTS = ['transfer.success', 'transfer.failed', 'transfer.reversed'];

/**
 * Paystack (Nigeria, NGN in kobo) over its REST API. We choose the transaction reference from
 * our payment id, so a retried initialize cannot open a second transaction for one payment.
 */
export function createPaystackGateway(cfg: NonNullable<PaymentsConfig['paystack']>): PaymentGateway {
  const { request, must } = createPaystackClient(cfg);

  /**
   * A refund already made for this transaction and not failed, if any (GET /refund?reference=):
   * the one carrying `key` as its merchant note, or with `key` undefined, any.
   */
  async function existingRefund(reference: string, key?: string): Promise<string | undefined> {
    const { status, envelope } = await request<Array<{ id: number; status?: string; merchant_note?: string | null }>>(
      'GET',
      `/refund?reference=${encodeURIComponent(reference)}`,
    );
    if (status < 200 || status >= 300 || !envelope.status || !Array.isArray(envelope.data)) return undefined;
    const found = envelope.data.find((r) => r.status !== 'failed' && (key === undefined || r.merchant_note === key));
    return found ? String(found.id) : undefined;
  }

  /** Our view of a transaction: paid or not, and the reusable card it was paid with, sealed. */
  function truthOf(t: PaystackTransaction): GatewayPayment {
    const paid = t.status === 'success';
    const code = t.authorization?.reusable ? t.authorization.authorization_code : undefined;
    const email = t.customer?.email;
    return {
      reference: t.reference,
      paid,
      amountMinor: t.amount,
      currency: String(t.currency ?? '').toUpperCase(),
      metadata: readMetadata(t.metadata),
      gatewayPaymentId: paid ? String(t.id) : null,
      ...(paid && code && email ? { mandate: sealAuthorization(cfg.secretKey, { code, email }) } : {}),
    };
  }

  async function verify(reference: string): Promise<GatewayPayment | undefined> {
    const { status, envelope } = await request<PaystackTransaction>(
      'GET',
      `/transaction/verify/${encodeURIComponent(reference)}`,
    );
    // An unknown reference is a 400 (or 404) with status false: not a failure of Paystack.
    if ((status === 400 || status === 404) && !envelope.status) return undefined;
    if (status < 200 || status >= 300 || !envelope.status || !envelope.data) {
      throw new GatewayError(`Paystack refused verify (${status}): ${envelope.message ?? 'no message'}`, {
        retryable: retryableStatus(status),
      });
    }
    return truthOf(envelope.data);
  }

  return {
    name: 'paystack',
    currencies: ['NGN'],
    renews: 'charge',

    async createCheckout(req: CheckoutRequest): Promise<CheckoutSession> {
      // Paystack allows only letters, digits and - . = in a reference.
      const reference = `blet-${req.paymentId.replace(/-/g, '')}`;
      const data = await must<{ authorization_url: string; reference: string }>('POST', '/transaction/initialize', {
        email: req.buyerEmail,
        amount: req.amountMinor,
        currency: req.currency,
        reference,
        callback_url: `${req.successUrl}?gateway=paystack&session_id=${encodeURIComponent(reference)}`,
        // cancel_action is the URL Paystack's page sends the buyer to on "Cancel payment".
        metadata: { ...req.metadata, cancel_action: req.cancelUrl },
      });
      return { reference: data.reference || reference, url: data.authorization_url };
    },

    retrieve: verify,

    /**
     * A declined card is an answer (status false, or a transaction that did not succeed), not an
     * outage: it comes back unpaid. Paystack refuses a reference it has seen, so a retried charge
     * for one period cannot take the money twice; the caller verifies the reference first.
     */
    async chargeMandate(charge: MandateCharge): Promise<GatewayPayment> {
      const auth = openAuthorization(cfg.secretKey, charge.mandate);
      if (!auth)
        throw new GatewayError(
          'This stored Paystack card authorization cannot be read with the current PAYSTACK_SECRET_KEY.',
          { retryable: false },
        );
      const { status, envelope } = await request<PaystackTransaction>('POST', '/transaction/charge_authorization', {
        email: auth.email,
        amount: charge.amountMinor,
        currency: charge.currency,
        authorization_code: auth.code,
        reference: charge.reference,
        metadata: charge.metadata,
      });
      if (status === 429 || status >= 500)
        throw new GatewayError(`Paystack could not charge now (${status}): ${envelope.message ?? 'no message'}`);
      if (envelope.status && envelope.data) return truthOf(envelope.data);
      // Refused: a declined card, or a reference already used by an earlier attempt that charged.
      return (
        (await verify(charge.reference)) ?? {
          reference: charge.reference,
          paid: false,
          amountMinor: charge.amountMinor,
          currency: charge.currency,
          metadata: charge.metadata,
          gatewayPaymentId: null,
        }
      );
    },

    async refund(req: RefundRequest): Promise<{ refundId: string }> {
      // Paystack has no idempotency keys: ours travels as the refund's merchant note, so that a
      // retry (after a timeout that did refund) finds the refund instead of making a second one.
      const made = await existingRefund(req.reference, req.idempotencyKey);
      if (made) return { refundId: made };
      try {
        const data = await must<{ id: number }>('POST', '/refund', {
          transaction: req.reference,
          amount: req.amountMinor,
          merchant_note: req.idempotencyKey,
        });
        return { refundId: String(data.id) };
      } catch (err) {
        // Paystack refuses a second refund of a reversed transaction. If an earlier attempt
        // refunded it (and our books were not updated), that refund is the answer.
        const earlier = err instanceof GatewayError && !err.retryable ? await existingRefund(req.reference) : undefined;
        if (earlier) return { refundId: earlier };
        throw err;
      }
    },

    parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): WebhookEvent {
      const signature = headers['x-paystack-signature'];
      if (typeof signature !== 'string' || !signature)
        throw new WebhookSignatureError('The x-paystack-signature header is missing.');
      const expected = createHmac('sha512', cfg.secretKey).update(rawBody).digest();
      const given = Buffer.from(signature, 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new WebhookSignatureError('The Paystack signature does not match.');
      }
      let event: { event?: unknown; data?: { id?: unknown; reference?: unknown } };
      try {
        event = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new WebhookSignatureError('The Paystack webhook body is not JSON.');
      }
      const { data } = event;
      if (event.event === 'charge.success' && data && typeof data.reference === 'string' && data.id !== undefined) {
        return { id: `charge.success:${String(data.id)}`, type: 'payment.succeeded', reference: data.reference };
      }
      // Money out (the wallet's payouts): the event only says which transfer to ask Paystack about.
      if (
        typeof event.event === 'string' &&
        TRANSFER_EVENTS.includes(event.event) &&
        data &&
        typeof data.reference === 'string'
      ) {
        return {
          id: `${event.event}:${String(data.id ?? data.reference)}`,
          type: 'transfer',
          reference: data.reference,
        };
      }
      return { id: `${String(event.event)}:${String(data?.id ?? '')}`, type: 'ignored' };
    },
  };
}

/** Paystack echoes metadata as an object, a JSON string, or "" when there was none. */
function readMetadata(raw: unknown): Record<string, string> {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = value ? JSON.parse(value) : {};
    } catch {
      return {};
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const out: Record<string, string> = {};
  for (const [key, v] of Object.entries(value)) {
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[key] = String(v);
  }
  return out;
}
