import type { Db } from '#server/db/client';
import { transaction } from '#server/db/transaction';
import {
  PENDING_DAYS,
  WALLET_PAGE_SIZE,
  type TWallet,
  type TWalletEntries,
  type TWalletEntry,
} from '#shared/wallet/wallet.schemas';
import type { Settlement } from '../payments';
import { createEarnings } from './earnings';
import { createEscrowLedger } from './escrow';
import { ledgerRepo } from './ledger.repo';

const DAY = 86_400_000;
/** Wallets show naira: the platform's earners are paid in Nigeria (PRODUCT.md, "Money out"). */
const CURRENCY = 'NGN';
/** Sales cleared per transaction of the sweep: a backlog drains in short transactions. */
const CLEAR_BATCH = 200;

/** A member's wallet (issue 27, decision 059): balances and lines read from the ledger. */
export function createWalletService(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;
  const earnings = createEarnings({ now });
  const escrow = createEscrowLedger({ now });

  /** Money in and out of payments: a payee's earnings, or a buyer's escrow for kinds that hold it. */
  const settlement: Settlement = {
    async paid(tx, payment, item, as) {
      if (as.escrow) await escrow.funded(tx, payment, item);
      else await earnings.sale(tx, payment, item);
    },
    async refunded(tx, payment, amountMinor, key, as) {
      if (as.escrow) await escrow.refunded(tx, payment, amountMinor, key);
      else await earnings.refund(tx, payment, amountMinor, key);
    },
  };

  return {
    earnings,
    /** Gig escrow's postings (decision 060): the talent area releases milestones through it. */
    escrow,
    settlement,

    async wallet(userId: string): Promise<TWallet> {
      const b = await ledgerRepo.balances(db, userId, CURRENCY);
      return {
        currency: CURRENCY,
        availableMinor: b.get('available') ?? 0,
        pendingMinor: b.get('pending') ?? 0,
        heldMinor: b.get('held') ?? 0,
        paidOutMinor: b.get('paid_out') ?? 0,
        owedMinor: -(b.get('owed') ?? 0),
      };
    },

    async entries(userId: string, page: number): Promise<TWalletEntries> {
      const { rows, total } = await ledgerRepo.entries(
        db,
        userId,
        CURRENCY,
        WALLET_PAGE_SIZE,
        (page - 1) * WALLET_PAGE_SIZE,
      );
      return {
        entries: rows.map((r) => ({
          id: r.id,
          kind: r.kind as TWalletEntry['kind'],
          amountMinor: Number(r.amountMinor),
          bucket: r.bucket as TWalletEntry['bucket'],
          createdAt: r.createdAt.toISOString(),
          description: r.description,
        })),
        total,
        page,
        pageSize: WALLET_PAGE_SIZE,
      };
    },

    /**
     * The sweep (every 15 minutes): sales whose refund window closed move from pending to
     * available. Re-reads the ledger each time, so a sale refunded meanwhile clears only what is
     * left of it, and a sweep run twice clears once. Answers how many it cleared.
     */
    async clearDue(): Promise<number> {
      let cleared = 0;
      for (;;) {
        const due = await ledgerRepo.salesToClear(db, new Date(now().getTime() - PENDING_DAYS * DAY), CLEAR_BATCH);
        if (due.length === 0) return cleared;
        await transaction(db, async (tx) => {
          for (const sale of due) if (await earnings.clear(tx, sale.subject, sale.ownerId!, sale.currency)) cleared++;
        });
        if (due.length < CLEAR_BATCH) return cleared;
      }
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
