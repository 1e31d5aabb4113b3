import type { DbOrTx } from '#server/db/client';
import { formatAmount, type TCurrency } from '#shared/money';
import type { TPurchaseItem } from '#shared/payments/payments.schemas';
import { ledgerRepo } from './ledger.repo';
import { post } from './ledger';

/** The payment fields earnings need (payments' row). */
interface Paid {
  id: string;
  payeeId: string;
  amountMinor: number;
  feeMinor: number | null;
  currency: string;
  paidAt: Date | null;
}

const subjectOf = (paymentId: string) => `payment:${paymentId}`;

/**
 * A sale's money in the ledger (issue 27): the gateway's clearing gives the gross, the platform
 * keeps its fee and the payee's share waits in `pending` for the refund window; a refund takes
 * back its share of fee and earnings, from `pending` while the window is open, from `available`
 * after, and what neither holds any more becomes `owed` (decision 065): no bucket goes below zero.
 */
export function createEarnings(deps: { now: () => Date }) {
  const { now } = deps;

  async function sale(tx: DbOrTx, payment: Paid, item: Pick<TPurchaseItem, 'title'>): Promise<boolean> {
    const fee = payment.feeMinor ?? 0;
    return post(tx, {
      kind: 'sale',
      source: subjectOf(payment.id),
      subject: subjectOf(payment.id),
      description: `Sale of “${item.title}” (${formatAmount(payment.amountMinor, payment.currency as TCurrency)}, less the platform fee of ${formatAmount(fee, payment.currency as TCurrency)})`,
      currency: payment.currency,
      at: payment.paidAt ?? now(),
      lines: [
        { ownerId: null, account: 'gateway_clearing', amountMinor: -payment.amountMinor },
        { ownerId: null, account: 'platform_fees', amountMinor: fee },
        { ownerId: payment.payeeId, account: 'pending', amountMinor: payment.amountMinor - fee },
      ],
    });
  }

  async function refund(tx: DbOrTx, payment: Paid, amountMinor: number, key: string): Promise<boolean> {
    const subject = subjectOf(payment.id);
    // A payment never credited (a duplicate, refunded as such) takes nothing back from anyone.
    if (!(await ledgerRepo.hasPosting(tx, subject, 'sale'))) return false;
    const fee = payment.feeMinor ?? 0;
    const feePart = payment.amountMinor > 0 ? Math.round((amountMinor * fee) / payment.amountMinor) : 0;
    const share = amountMinor - feePart;
    const pendingId = await ledgerRepo.accountId(tx, payment.payeeId, 'pending', payment.currency);
    const fromPending = Math.min(share, Math.max(0, await ledgerRepo.leftIn(tx, subject, pendingId)));
    // After the window, from available; what that does not hold (it was withdrawn) becomes owed.
    const { available } = await ledgerRepo.lockDebt(tx, payment.payeeId, payment.currency);
    const fromAvailable = Math.min(share - fromPending, Math.max(0, available));
    const owed = share - fromPending - fromAvailable;
    const currency = payment.currency as TCurrency;
    return post(tx, {
      kind: 'refund',
      source: key,
      subject,
      description:
        `Refund of ${formatAmount(amountMinor, currency)} to the buyer` +
        (owed > 0
          ? `: ${formatAmount(owed, currency)} more than your balance, owed and taken from your next earnings`
          : ''),
      currency: payment.currency,
      at: now(),
      lines: [
        { ownerId: null, account: 'gateway_clearing', amountMinor },
        { ownerId: null, account: 'platform_fees', amountMinor: -feePart },
        { ownerId: payment.payeeId, account: 'pending', amountMinor: -fromPending },
        { ownerId: payment.payeeId, account: 'available', amountMinor: -fromAvailable },
        { ownerId: payment.payeeId, account: 'owed', amountMinor: -owed },
      ],
    });
  }

  /** The refund window of one sale closed: what is left pending becomes available. */
  async function clear(tx: DbOrTx, subject: string, ownerId: string, currency: string): Promise<boolean> {
    const pendingId = await ledgerRepo.accountId(tx, ownerId, 'pending', currency);
    const left = await ledgerRepo.leftIn(tx, subject, pendingId);
    return post(tx, {
      kind: 'sale_cleared',
      source: subject,
      subject,
      description: 'Refund window closed: now available to withdraw',
      currency,
      at: now(),
      lines: [
        { ownerId, account: 'pending', amountMinor: -left },
        { ownerId, account: 'available', amountMinor: left },
      ],
    });
  }

  return { sale, refund, clear };
}

export type Earnings = ReturnType<typeof createEarnings>;
