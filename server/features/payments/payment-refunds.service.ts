import { afterCommit, transaction } from '#server/db/transaction';
import type { DbOrTx } from '#server/db/client';
import { formatMoney, type TCurrency } from '#shared/money';
import { announcePayment, gatewayOf, reach, type PaymentFlow, type PaymentsDeps } from './payment-flow';
import { partialRefundJob } from './payments.queue';
import { paymentRefundsRepo } from './payment-refunds.repo';
import { type PaymentRefundRow, type PaymentRow, paymentsRepo } from './payments.repo';

/** A failed first attempt is tried again by the job from then on. */
const RETRY_AFTER_MS = 60_000;

/**
 * Part of a paid payment given back without a refund request: a mentor ending a subscription
 * early refunds the unused share. `open` fixes the amount inside the caller's transaction (the
 * row's id is the gateway's idempotency key); `complete` calls the gateway and records it,
 * exactly once however often it runs (the caller right after its commit, then the job).
 */
export function createPartialRefunds(deps: PaymentsDeps, flow: PaymentFlow) {
  const { db, gateways, notifications, realtime, jobs, now, log } = deps;

  return {
    /** A payment by id, its row locked until the transaction ends: the caller decides a refund of it. */
    lockPayment: (tx: DbOrTx, paymentId: string) => paymentsRepo.lockById(tx, paymentId),

    /** The buyer's newest paid payment for any of these items that has no partial refund yet. */
    latestPaid: (tx: DbOrTx, buyerId: string, items: Array<{ kind: string; itemId: string }>) =>
      paymentRefundsRepo.latestPaid(tx, buyerId, items),

    /**
     * Inside the caller's transaction: `amountMinor` of the payment goes back (capped at what is
     * left of it). Undefined when nothing is to be refunded or the payment already has its refund.
     */
    /** `reason` completes "refunded for …" in the notices. */
    async open(
      tx: DbOrTx,
      payment: PaymentRow,
      amountMinor: number,
      reason: string,
    ): Promise<PaymentRefundRow | undefined> {
      const amount = Math.min(amountMinor, payment.amountMinor - payment.refundedMinor);
      if (payment.status !== 'paid' || amount <= 0) return undefined;
      const row = await paymentRefundsRepo.insert(tx, {
        paymentId: payment.id,
        amountMinor: amount,
        reason,
        createdAt: now(),
      });
      if (row)
        await jobs.send(
          tx,
          partialRefundJob,
          { refundId: row.id },
          { startAfter: new Date(now().getTime() + RETRY_AFTER_MS) },
        );
      return row;
    },

    /**
     * Refunds through the payment's gateway and records it; the buyer and payee are told. Throws
     * the gateway's error when it cannot be reached (the row stays pending for the next try).
     */
    async complete(refundId: string): Promise<PaymentRefundRow | undefined> {
      const refund = await paymentRefundsRepo.find(db, refundId);
      if (!refund || refund.status !== 'pending') return refund;
      const payment = (await paymentsRepo.findById(db, refund.paymentId))!;
      const gateway = gatewayOf(gateways, payment.gateway);
      // Outside any transaction, like the refund of a request: the row id is the idempotency key.
      const { refundId: gatewayRefundId } = await reach(
        log,
        () =>
          gateway.refund({
            reference: payment.reference,
            gatewayPaymentId: payment.gatewayPaymentId,
            amountMinor: refund.amountMinor,
            idempotencyKey: refund.id,
          }),
        { unavailable: 'The payment provider could not refund this payment just now; it is tried again shortly.' },
      );
      return transaction(db, async (tx) => {
        const done = await paymentRefundsRepo.succeed(tx, refund.id, gatewayRefundId, now());
        if (!done) return paymentRefundsRepo.find(tx, refund.id);
        if (!(await paymentRefundsRepo.addRefunded(tx, payment.id, refund.amountMinor, now()))) {
          log.warn(
            { paymentId: payment.id, refundId: refund.id },
            'partial refund made at the gateway for a payment no longer paid here',
          );
        }
        const kind = flow.kindOf(payment.kind);
        for (const settlement of deps.settlements)
          await settlement.refunded(tx, payment, refund.amountMinor, `payment_refund:${refund.id}`, {
            escrow: kind.escrow === true,
          });
        const money = formatMoney(refund.amountMinor, payment.currency as TCurrency);
        await notifications.notify(
          payment.buyerId,
          {
            type: 'system_update',
            title: 'Refund sent',
            message: `${money} was refunded to you for ${refund.reason}. It goes back the way you paid.`,
            link: kind.pages.buyer,
          },
          tx,
        );
        // Escrow was never the payee's earnings: its area tells both sides of the decision itself.
        if (!kind.escrow)
          await notifications.notify(
            payment.payeeId,
            {
              type: 'system_update',
              title: 'Part of a sale was refunded',
              message: `${money} of a sale was refunded for ${refund.reason}. It no longer counts in your earnings.`,
              link: kind.pages.payee,
            },
            tx,
          );
        afterCommit(tx, () => announcePayment(realtime, kind, payment));
        return done;
      });
    },
  };
}

export type PartialRefunds = ReturnType<typeof createPartialRefunds>;
