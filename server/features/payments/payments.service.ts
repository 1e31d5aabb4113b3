import type { TUser } from '#shared/accounts/accounts.schemas';
import type { TPurchaseKind, TTutorRevenue } from '#shared/payments/payments.schemas';
import type { TCurrency } from '#shared/money';
import type { Audit } from '#server/lib/audit/audit';
import type { TransferListener } from '#server/lib/payments/gateway';
import { createPaymentFlow, type PaymentsDeps } from './payment-flow';
import type { PurchaseKind, Settlement } from './purchase-kinds';
import { fillMonths, presentRevenue, revenueSince } from './payments.presenter';
import { feeOf } from './payments.policy';
import { paymentsRepo } from './payments.repo';
import { createPartialRefunds } from './payment-refunds.service';
import { createRefundsService } from './refunds.service';
import { createTestCheckoutService } from './test-checkout.service';

export type { PaymentsDeps } from './payment-flow';

/**
 * Payments for a purchase of any kind (docs/decisions/007-payments.md): checkout, verification,
 * webhooks and fulfilment (payment-flow.ts), purchases and refunds (refunds.service.ts), the
 * test gateway's checkout page, and a payee's revenue.
 */
export function createPaymentsService(deps: PaymentsDeps & { audit: Audit }) {
  const { db, gateways, feePercent, now } = deps;
  const flow = createPaymentFlow(deps);
  const refunds = createRefundsService(deps, flow);
  const partialRefunds = createPartialRefunds(deps, flow);

  return {
    /** An area's purchase kind (server/platform: `purchaseKinds` contributions). */
    addKind(kind: PurchaseKind): void {
      if (deps.kinds.some((k) => k.kind === kind.kind))
        throw new Error(`purchase kind ${kind.kind} is already registered`);
      deps.kinds.push(kind);
    },
    /** Who hears of money in and out (the wallet: `settlements` contributions). */
    addSettlement(settlement: Settlement): void {
      deps.settlements.push(settlement);
    },
    /** Who hears of the gateways' transfer events (the wallet's payouts: `transferListeners` contributions). */
    addTransferListener(listener: TransferListener): void {
      deps.transferListeners.push(listener);
    },
    /** The platform's share of each sale, in percent (PLATFORM_FEE_PERCENT). */
    feePercent,
    /** The platform's fee on a sale of this amount, as fulfilment fixes it on the payment. */
    feeOf: (amountMinor: number) => feeOf(amountMinor, feePercent),
    checkout: flow.checkout,
    verify: flow.verify,
    verifyAny: flow.verifyAny.bind(flow),
    handleWebhook: flow.handleWebhook,
    fulfilFromGateway: flow.fulfilFromGateway,
    expireCheckout: flow.expireCheckout,
    /** Renewals through a gateway's own mechanism: charge a stored mandate, stop a gateway's billing. */
    recurring: { charge: flow.recurring.charge, cancel: flow.recurring.cancel },
    purchases: refunds.purchases,
    requestRefund: refunds.requestRefund,
    refundRequests: refunds.refundRequests,
    decideRefund: refunds.decideRefund,
    /** Part of a paid payment given back without a request (a mentor ending a subscription early). */
    partialRefunds,
    /** Present only while the test gateway is the active one; its routes answer 404 otherwise. */
    testCheckout: gateways.test ? createTestCheckoutService({ db, gateway: gateways.test, flow }) : undefined,

    /** The user's own sales: all-time per currency, and the last twelve WAT months. Net = gross - fee. */
    async revenue(user: TUser): Promise<TTutorRevenue> {
      const at = now();
      // Escrow is the buyer's money until released: the wallet shows what a release earned.
      const held = deps.kinds.filter((k) => k.escrow).map((k) => k.kind);
      const [totals, months] = await Promise.all([
        paymentsRepo.revenueTotals(db, user.id, held),
        paymentsRepo.revenueByMonth(db, user.id, revenueSince(at), held),
      ]);
      return { feePercent, currencies: presentRevenue(at, totals, months) };
    },

    /**
     * The user's sales of some kinds (a mentor's plans and renewals) in the last twelve WAT months,
     * in their main currency (the one with the most sales; `fallback` without any), zeros included.
     */
    async earnings(userId: string, kinds: readonly TPurchaseKind[], fallback: TCurrency) {
      const at = now();
      const rows = await paymentsRepo.earningsByMonth(db, userId, kinds, revenueSince(at));
      const sales = new Map<string, number>();
      for (const r of rows) sales.set(r.currency, (sales.get(r.currency) ?? 0) + r.sales);
      const currency = ([...sales].sort((a, b) => b[1] - a[1])[0]?.[0] ?? fallback) as TCurrency;
      const months = fillMonths(
        at,
        rows.filter((r) => r.currency === currency),
      ).map(({ month, grossMinor, feeMinor, netMinor }) => ({ month, grossMinor, feeMinor, netMinor }));
      return { currency, months };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
