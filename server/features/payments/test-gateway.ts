import { randomBytes } from 'node:crypto';
import type { Db } from '#server/db/client';
import {
  GatewayError,
  type CheckoutRequest,
  type GatewayPayment,
  type PaymentGateway,
  type RefundRequest,
} from '#server/lib/payments/gateway';
import { testCheckoutPath } from '#shared/payments/payments.schemas';
import type { TestGatewaySessionRow } from './payments.repo';
import { testGatewayRepo } from './test-gateway.repo';

export interface TestGatewayDeps {
  db: Db;
  appUrl: string;
  now: () => Date;
}

/** The test gateway plus what its own checkout page does: show, pay, cancel. */
export interface TestGateway extends PaymentGateway {
  readonly name: 'test';
  session(reference: string): Promise<TestGatewaySessionRow | undefined>;
  /** open -> paid; the session as it is afterwards (already paid or cancelled ones unchanged). */
  pay(reference: string): Promise<TestGatewaySessionRow | undefined>;
  /** open -> cancelled; the session as it is afterwards. */
  cancel(reference: string): Promise<TestGatewaySessionRow | undefined>;
}

/**
 * A gateway in which no money moves, so that the whole purchase works on a fresh machine. It
 * keeps its own books (test_gateway_sessions) and is asked for the truth like a real one: the
 * payments service never reads this table directly. It exists only while it is the active
 * gateway (gateways.ts), so a deployment with real keys never accepts a test payment.
 */
export function createTestGateway(deps: TestGatewayDeps): TestGateway {
  const { db, appUrl, now } = deps;

  async function closed(reference: string, status: 'paid' | 'cancelled') {
    return (await testGatewayRepo.close(db, reference, status, now())) ?? (await testGatewayRepo.find(db, reference));
  }

  return {
    name: 'test',
    currencies: ['NGN', 'USD'],

    async createCheckout(request: CheckoutRequest) {
      const reference = `test_${randomBytes(16).toString('hex')}`;
      await testGatewayRepo.insert(db, {
        reference,
        description: request.description,
        amountMinor: request.amountMinor,
        currency: request.currency,
        // Where "Pay now" sends the buyer: the success page reads both values (gateway.ts).
        successUrl: `${request.successUrl}?gateway=test&session_id=${reference}`,
        cancelUrl: request.cancelUrl,
        metadata: request.metadata,
        createdAt: now(),
      });
      return { reference, url: `${appUrl}${testCheckoutPath(reference)}` };
    },

    async retrieve(reference: string): Promise<GatewayPayment | undefined> {
      const row = await testGatewayRepo.find(db, reference);
      if (!row) return undefined;
      const paid = row.status === 'paid';
      return {
        reference,
        paid,
        amountMinor: row.amountMinor,
        currency: row.currency.toUpperCase(),
        metadata: { ...row.metadata },
        gatewayPaymentId: paid ? reference : null,
      };
    },

    /**
     * Records the refund on the session. A retried idempotency key answers the same refund id, as
     * a real gateway does; so does a repeat of a full refund; anything past what was paid is refused.
     */
    async refund(request: RefundRequest) {
      const refundId = `test_refund_${request.idempotencyKey}`;
      if (await testGatewayRepo.addRefund(db, request.reference, request.amountMinor, request.idempotencyKey))
        return { refundId };
      const row = await testGatewayRepo.find(db, request.reference);
      if (row?.refundKeys.includes(request.idempotencyKey)) return { refundId };
      if (row?.status === 'paid' && row.refundedMinor >= row.amountMinor) return { refundId };
      throw new GatewayError(
        row ? 'The test gateway cannot refund more than was paid.' : 'The test gateway does not know this payment.',
      );
    },

    session: (reference) => testGatewayRepo.find(db, reference),
    pay: (reference) => closed(reference, 'paid'),
    cancel: (reference) => closed(reference, 'cancelled'),
  };
}
