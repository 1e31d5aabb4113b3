import { randomUUID } from 'node:crypto';
import type { DbOrTx, Tx } from '#server/db/client';
import { transaction } from '#server/db/transaction';
import { AppError } from '#server/lib/errors';
import {
  GatewayError,
  type GatewayPayment,
  type PaymentGateway,
  type WebhookEvent,
} from '#server/lib/payments/gateway';
import type { TCurrency } from '#shared/money';
import type { TPurchaseKind } from '#shared/payments/payments.schemas';
import { gatewayOf, reach, type FulfilOutcome, type PaymentsDeps } from './payment-flow';
import { paymentsRepo } from './payments.repo';
import type { Mandate, PurchaseKind } from './purchase-kinds';

type RenewalEvent = Extract<WebhookEvent, { type: 'renewal.paid' | 'renewal.failed' | 'mandate.ended' }>;

/** A renewal we charge on a stored mandate: one payment per (item, period), named by `reference`. */
export interface RenewalCharge {
  kind: TPurchaseKind;
  itemId: string;
  buyerId: string;
  payeeId: string;
  amountMinor: number;
  currency: TCurrency;
  mandate: Mandate;
  reference: string;
}

/**
 * Renewals through a gateway's own recurring mechanism (decision 034). Each renewal is a
 * `payments` row of the holder kind, unique on (gateway, reference) like any checkout, fulfilled
 * by the one `fulfil`: so it shows in purchases and earnings, and happens once however often a
 * webhook is replayed or a job retried.
 */
export function createRecurringFlow(
  deps: PaymentsDeps,
  fulfil: (tx: Tx, gateway: string, truth: GatewayPayment) => Promise<FulfilOutcome>,
) {
  const { db, gateways, log, now } = deps;
  // Looked up when needed: the kinds are added once every area is built (server/platform/compose.ts).
  const holderKind = () =>
    deps.kinds.find((k) => k.mandates) as (PurchaseKind & Required<Pick<PurchaseKind, 'mandates'>>) | undefined;

  /** The pending row of a renewal, written once per reference; its metadata is what the truth must carry. */
  async function open(db: DbOrTx, kind: PurchaseKind, r: Omit<RenewalCharge, 'kind' | 'mandate'>, gateway: string) {
    await paymentsRepo.insertIfNew(db, {
      id: randomUUID(),
      kind: kind.kind,
      itemId: r.itemId,
      buyerId: r.buyerId,
      payeeId: r.payeeId,
      gateway,
      reference: r.reference,
      amountMinor: r.amountMinor,
      currency: r.currency,
      createdAt: now(),
    });
    const row = (await paymentsRepo.findByReference(db, gateway, r.reference))!;
    return { row, metadata: { paymentId: row.id, buyerId: row.buyerId, kind: row.kind, itemId: row.itemId } };
  }

  /** A Stripe renewal invoice, paid or failed; the truth is the invoice fetched again by id. */
  async function renewal(gateway: PaymentGateway, event: Extract<RenewalEvent, { invoice: string }>) {
    const truth = await reach(log, () => gateway.retrieveRenewal!(event.invoice));
    await transaction(db, async (tx) => {
      if (!(await paymentsRepo.recordWebhookEvent(tx, gateway.name, event.id))) return;
      // The first invoice is the checkout's payment: checkout.session.completed fulfils it.
      const holder = holderKind();
      if (!truth?.cycle || !holder) return;
      const found = await holder.mandates.find(tx, { gateway: gateway.name, id: truth.mandate, renews: 'gateway' });
      if (!found || (truth.metadata.buyerId && truth.metadata.buyerId !== found.buyerId)) {
        log.warn({ gateway: gateway.name, invoice: truth.reference }, 'renewal invoice for no subscription of ours');
        return;
      }
      if (event.type === 'renewal.failed') {
        if (!truth.paid) await holder.mandates.lapse(tx, found.itemId);
        return;
      }
      // Leave the event unrecorded (rollback) so that the gateway delivers it again once paid.
      if (!truth.paid)
        throw new AppError(
          'CONFLICT',
          'The payment provider does not show this invoice as paid yet. Deliver the event again later.',
        );
      const { metadata } = await open(
        tx,
        holder,
        { ...found, reference: truth.reference, amountMinor: truth.amountMinor, currency: truth.currency as TCurrency },
        gateway.name,
      );
      await fulfil(tx, gateway.name, { ...truth, metadata });
    });
  }

  return {
    async handleEvent(gateway: PaymentGateway, event: RenewalEvent): Promise<void> {
      if (await paymentsRepo.webhookEventSeen(db, gateway.name, event.id)) return;
      if (event.type !== 'mandate.ended') return renewal(gateway, event);
      if (!gateway.mandateEnded || !(await reach(log, () => gateway.mandateEnded!(event.mandate)))) return;
      await transaction(db, async (tx) => {
        const holder = holderKind();
        if (!(await paymentsRepo.recordWebhookEvent(tx, gateway.name, event.id)) || !holder) return;
        const found = await holder.mandates.find(tx, { gateway: gateway.name, id: event.mandate, renews: 'gateway' });
        if (found) await holder.mandates.end(tx, found.itemId);
      });
    },

    /**
     * Charges a stored mandate for one period, once: the pending row is written first under the
     * period's reference, and the gateway is asked about that reference before charging, so a
     * retried or concurrent run finds the first charge instead of making a second. 'declined'
     * when the gateway refused the card (or cannot charge this mandate); an outage throws, so the
     * job is retried.
     */
    async charge(r: RenewalCharge): Promise<'paid' | 'declined'> {
      const gateway = gatewayOf(gateways, r.mandate.gateway);
      if (!gateway.chargeMandate) return 'declined';
      const { row, metadata } = await open(
        db,
        deps.kinds.find((k) => k.kind === r.kind)!,
        r,
        gateway.name,
      );
      if (row.status === 'paid') return 'paid';
      let truth: GatewayPayment;
      try {
        truth =
          (await gateway.retrieve(r.reference)) ??
          (await gateway.chargeMandate({
            mandate: r.mandate.id,
            amountMinor: r.amountMinor,
            currency: r.currency,
            reference: r.reference,
            metadata,
          }));
      } catch (err) {
        if (err instanceof GatewayError && !err.retryable) {
          log.error({ err, paymentId: row.id }, 'renewal charge refused by the gateway');
          await paymentsRepo.markExpired(db, row.id);
          return 'declined';
        }
        throw err;
      }
      const outcome = await transaction(db, (tx) => fulfil(tx, gateway.name, truth));
      if (outcome === 'fulfilled' || outcome === 'already-paid') return 'paid';
      // Kept as expired: should the gateway show it paid after all, verify and webhooks still fulfil it.
      await paymentsRepo.markExpired(db, row.id);
      return 'declined';
    },

    /** Stops a gateway's own renewals (Stripe); a gateway we charge ourselves has nothing to stop. */
    async cancel(mandate: Mandate, opts: { atPeriodEnd: boolean }): Promise<void> {
      const gateway = gatewayOf(gateways, mandate.gateway);
      if (!gateway.cancelMandate) return;
      await reach(log, () => gateway.cancelMandate!(mandate.id, opts), {
        unavailable:
          'The payment provider could not be reached to stop the renewals. Nothing was changed; please try again in a minute.',
      });
    },
  };
}

export type RecurringFlow = ReturnType<typeof createRecurringFlow>;
