import type { Db, Tx } from '#server/db/client';
import { afterCommit, transaction } from '#server/db/transaction';
import { formatAmount } from '#shared/money';
import type { NotificationsService } from '../notifications';
import { post } from './ledger';
import type { TransferOutcome } from './payout-gateway';
import { type PayoutRow, payoutsRepo } from './payouts.repo';

type Outcome = Exclude<TransferOutcome, { status: 'processing' }>;

/**
 * A payout's settlement, once, whichever of the send job, a webhook or the status check brings
 * the gateway's answer (decision 061). Each way is a conditional status update, then one posting
 * keyed by its source: `paid` moves in-flight money to the member's paid out; `failed` gives it
 * back to available; `reversed` (the bank sent it back, even after saying paid) gives back what
 * is in flight or, once paid, what was paid out, under a source of its own. A reversed payout
 * reads `failed`, with the reason, as members know no other word for money that came back.
 */
export function createPayoutSettlement(deps: {
  db: Db;
  notifications: NotificationsService;
  /** Tells the member's open tabs that the wallet changed. */
  refresh: (userId: string) => void;
  now: () => Date;
}) {
  const { db, notifications, refresh, now } = deps;

  async function settleAs(tx: Tx, row: PayoutRow, outcome: Outcome): Promise<boolean> {
    const at = now();
    const reason = outcome.status === 'paid' ? undefined : outcome.reason;
    const extra = { failureReason: reason, settledAt: at };
    const wasPaid =
      outcome.status === 'reversed' && Boolean(await payoutsRepo.move(tx, row.id, ['paid'], 'failed', extra));
    const moved =
      wasPaid ||
      Boolean(
        await payoutsRepo.move(
          tx,
          row.id,
          ['pending', 'processing'],
          outcome.status === 'paid' ? 'paid' : 'failed',
          extra,
        ),
      );
    if (!moved) return false;
    const money = formatAmount(row.amountMinor);
    const to = `${row.accountName} (…${row.accountNumber.slice(-4)})`;
    const way = {
      paid: {
        description: `Sent to ${to}, less the transfer fee of ${formatAmount(row.feeMinor)}`,
        title: 'Payout sent',
        message: `${formatAmount(row.amountMinor - row.feeMinor)} is on its way to ${to}.`,
      },
      failed: {
        description: `Payout failed and came back: ${reason}`,
        title: 'Payout failed',
        message: `Your payout of ${money} did not go through: ${reason} The money is back in your available balance.`,
      },
      reversed: {
        description: `Payout sent back by the bank: ${reason}`,
        title: 'Payout returned',
        message: `Your payout of ${money} to ${to} came back: ${reason} The money is back in your available balance.`,
      },
    }[outcome.status];
    await post(tx, {
      kind: outcome.status === 'paid' ? 'payout_paid' : 'payout_failed',
      source: outcome.status === 'reversed' ? `payout_reversal:${row.id}` : `payout:${row.id}`,
      subject: `payout:${row.id}`,
      description: way.description,
      currency: row.currency,
      at,
      lines: [
        wasPaid
          ? { ownerId: row.userId, account: 'paid_out', amountMinor: -row.amountMinor }
          : { ownerId: null, account: 'payouts_in_flight', amountMinor: -row.amountMinor },
        {
          ownerId: row.userId,
          account: outcome.status === 'paid' ? 'paid_out' : 'available',
          amountMinor: row.amountMinor,
        },
      ],
    });
    await notifications.notify(
      row.userId,
      {
        type: outcome.status === 'paid' ? 'payment_received' : 'system_update',
        title: way.title,
        message: way.message,
        link: '/wallet',
      },
      tx,
    );
    return true;
  }

  return {
    /** The gateway's answer about a payout (`processing` only marks that the gateway has it); whether it changed anything. */
    async settle(row: PayoutRow, outcome: TransferOutcome): Promise<boolean> {
      return transaction(db, async (tx) => {
        const changed =
          outcome.status === 'processing'
            ? Boolean(await payoutsRepo.move(tx, row.id, ['pending'], 'processing'))
            : await settleAs(tx, row, outcome);
        if (changed) afterCommit(tx, () => refresh(row.userId));
        return changed;
      });
    },
  };
}

export type PayoutSettlement = ReturnType<typeof createPayoutSettlement>;
