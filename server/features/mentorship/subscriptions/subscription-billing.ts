import type { TCurrency } from '#shared/money';
import type { PaymentsService } from '#server/features/payments';
import type { SubscriptionRow } from '../mentorship.repo';

/**
 * A subscription's gateway mandate (decision 034), through payments: charging a stored Paystack
 * authorization for the next period, and stopping Stripe's own renewals.
 */
export function createGatewayBilling(payments: PaymentsService) {
  return {
    /**
     * One charge per (subscription, period): the reference is made of both, so a job run twice,
     * or two runs at once, reach Paystack with the same reference and it charges once.
     */
    async charge(s: SubscriptionRow): Promise<'paid' | 'declined' | 'none'> {
      if (s.gatewayRef?.renews !== 'charge' || !s.gateway) return 'none';
      const period = Math.floor(s.currentPeriodEnd.getTime() / 1000);
      return payments.recurring.charge({
        kind: 'mentor_renewal',
        itemId: s.id,
        buyerId: s.menteeId,
        payeeId: s.mentorId,
        amountMinor: s.priceMinor,
        currency: s.currency as TCurrency,
        mandate: { gateway: s.gateway, id: s.gatewayRef.mandate, renews: 'charge' },
        reference: `blet-renew-${s.id.replace(/-/g, '')}-${period}`,
      });
    },

    /** Stripe bills by itself: at the period's end, or now. Nothing to stop for the others. */
    async stop(s: SubscriptionRow, opts: { atPeriodEnd: boolean }): Promise<void> {
      if (s.gatewayRef?.renews !== 'gateway' || !s.gateway) return;
      await payments.recurring.cancel({ gateway: s.gateway, id: s.gatewayRef.mandate, renews: 'gateway' }, opts);
    },
  };
}
