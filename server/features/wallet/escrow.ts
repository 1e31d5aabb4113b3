import type { DbOrTx } from '#server/db/client';
import { formatAmount, type TCurrency } from '#shared/money';
import { ledgerRepo } from './ledger.repo';
import { post } from './ledger';

/** The payment fields escrow needs (payments' row). */
interface Paid {
  id: string;
  buyerId: string;
  amountMinor: number;
  currency: string;
  paidAt: Date | null;
}

const subjectOf = (paymentId: string) => `payment:${paymentId}`;

/** One milestone's release: whose escrow it leaves, who is paid, and the platform's fee on it. */
export interface Release {
  milestoneId: string;
  paymentId: string;
  title: string;
  posterId: string;
  talentId: string;
  /** Leaves the poster's `held`. */
  amountMinor: number;
  /** Of it, the platform's; the talent receives the rest in `available`. */
  feeMinor: number;
  currency: string;
  at: Date;
}

/**
 * Gig escrow in the ledger (issue 27, decision 060). A milestone's payment is not a sale: the
 * gateway's clearing moves into the poster's `held`; a release moves it on to the talent's
 * `available` at once (the poster approved the work) less the platform fee; a refund sends it back
 * to the gateway. Each posting is once per source, so a replayed webhook or a retried job posts
 * nothing more.
 */
export function createEscrowLedger(deps: { now: () => Date }) {
  const { now } = deps;

  return {
    /** The payment confirmed (any of the return page, the webhook, the verify call): once per payment. */
    async funded(tx: DbOrTx, payment: Paid, item: { title: string }): Promise<boolean> {
      return post(tx, {
        kind: 'escrow_funded',
        source: subjectOf(payment.id),
        subject: subjectOf(payment.id),
        description: `Paid into escrow for “${item.title}”`,
        currency: payment.currency,
        at: payment.paidAt ?? now(),
        lines: [
          { ownerId: null, account: 'gateway_clearing', amountMinor: -payment.amountMinor },
          { ownerId: payment.buyerId, account: 'held', amountMinor: payment.amountMinor },
        ],
      });
    },

    /** Once per milestone (its id is the source): the poster's `held` to the talent, less the fee. */
    async release(tx: DbOrTx, r: Release): Promise<boolean> {
      const net = r.amountMinor - r.feeMinor;
      return post(tx, {
        kind: 'milestone_release',
        source: `milestone:${r.milestoneId}`,
        subject: subjectOf(r.paymentId),
        description: `Released for “${r.title}” (${formatAmount(r.amountMinor, r.currency as TCurrency)}, less the platform fee of ${formatAmount(r.feeMinor, r.currency as TCurrency)})`,
        currency: r.currency,
        at: r.at,
        lines: [
          { ownerId: r.posterId, account: 'held', amountMinor: -r.amountMinor },
          { ownerId: r.talentId, account: 'available', amountMinor: net },
          { ownerId: null, account: 'platform_fees', amountMinor: r.feeMinor },
        ],
      });
    },

    /**
     * The gateway refunded part or all of a funding payment (`key` names that refund): it leaves
     * the poster's `held`. A payment never paid into escrow (a duplicate, refunded as such) moves nothing.
     */
    async refunded(tx: DbOrTx, payment: Paid, amountMinor: number, key: string): Promise<boolean> {
      const subject = subjectOf(payment.id);
      if (!(await ledgerRepo.hasPosting(tx, subject, 'escrow_funded'))) return false;
      return post(tx, {
        kind: 'escrow_refund',
        source: key,
        subject,
        description: `Refunded from escrow: ${formatAmount(amountMinor, payment.currency as TCurrency)} back to the payment it came from`,
        currency: payment.currency,
        at: now(),
        lines: [
          { ownerId: payment.buyerId, account: 'held', amountMinor: -amountMinor },
          { ownerId: null, account: 'gateway_clearing', amountMinor },
        ],
      });
    },
  };
}

export type EscrowLedger = ReturnType<typeof createEscrowLedger>;
