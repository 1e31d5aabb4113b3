import type { TUser } from '../../../shared/accounts/accounts.schemas';
import type { TTutorRevenue } from '../../../shared/payments/payments.schemas';
import type { AdminService } from '../admin/admin.service';
import { createPaymentFlow, type PaymentsDeps } from './payment-flow';
import { presentRevenue, revenueSince } from './payments.presenter';
import { paymentsRepo } from './payments.repo';
import { createRefundsService } from './refunds.service';
import { createTestCheckoutService } from './test-checkout.service';

export type { PaymentsDeps } from './payment-flow';

/**
 * Payments for a purchase of any kind (docs/decisions/007-payments.md): checkout, verification,
 * webhooks and fulfilment (payment-flow.ts), purchases and refunds (refunds.service.ts), the
 * test gateway's checkout page, and a payee's revenue.
 */
export function createPaymentsService(deps: PaymentsDeps & { admin: AdminService }) {
  const { db, gateways, feePercent, now } = deps;
  const flow = createPaymentFlow(deps);
  const refunds = createRefundsService(deps, flow);

  return {
    checkout: flow.checkout,
    verify: flow.verify,
    handleWebhook: flow.handleWebhook,
    fulfilFromGateway: flow.fulfilFromGateway,
    expireCheckout: flow.expireCheckout,
    purchases: refunds.purchases,
    requestRefund: refunds.requestRefund,
    refundRequests: refunds.refundRequests,
    decideRefund: refunds.decideRefund,
    /** Present only while the test gateway is the active one; its routes answer 404 otherwise. */
    testCheckout: gateways.test ? createTestCheckoutService({ db, gateway: gateways.test, flow }) : undefined,

    /** The user's own sales: all-time per currency, and the last twelve WAT months. Net = gross - fee. */
    async revenue(user: TUser): Promise<TTutorRevenue> {
      const at = now();
      const [totals, months] = await Promise.all([paymentsRepo.revenueTotals(db, user.id), paymentsRepo.revenueByMonth(db, user.id, revenueSince(at))]);
      return { feePercent, currencies: presentRevenue(at, totals, months) };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
