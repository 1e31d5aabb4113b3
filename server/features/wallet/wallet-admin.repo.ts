import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import type { TPayoutStatus } from '#shared/wallet/payouts.schemas';
import { people } from '../accounts';
import { ledgerAccounts, ledgerLines, ledgerPostings } from './ledger.table';
import { payouts } from './payouts.table';

/** Admins see every member by name, hidden and deleted ones too (decision 013). */
const member = people('member');

const sumOf = (kind: string, owned: boolean) =>
  sql<number>`coalesce(sum(${ledgerAccounts.balanceMinor}) filter (where ${ledgerAccounts.kind} = ${kind} and ${ledgerAccounts.ownerId} is ${sql.raw(owned ? 'not null' : 'null')}), 0)::bigint`.mapWith(
    Number,
  );

/** What the admin console reads of the wallet area: the money overview, failed payouts, an adjustment's posting. */
export const walletAdminRepo = {
  /**
   * Members' held, pending, available and paid-out money and the platform's fees in one
   * currency, in one statement over the kept balances (one row per account, never per line).
   */
  async totals(db: DbOrTx, currency: string) {
    const [row] = await db
      .select({
        held: sumOf('held', true),
        pending: sumOf('pending', true),
        available: sumOf('available', true),
        paidOut: sumOf('paid_out', true),
        fees: sumOf('platform_fees', false),
      })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.currency, currency));
    return row!;
  },

  /** A page of payouts in one state, newest first (payouts_status_idx), with whose they are. */
  async payoutsPage(db: DbOrTx, status: TPayoutStatus, limit: number, offset: number) {
    const rows = await db
      .select({
        id: payouts.id,
        memberId: member.id,
        username: member.username,
        fullName: member.fullName,
        amountMinor: payouts.amountMinor,
        feeMinor: payouts.feeMinor,
        status: payouts.status,
        failureReason: payouts.failureReason,
        accountName: payouts.accountName,
        accountNumber: payouts.accountNumber,
        createdAt: payouts.createdAt,
        settledAt: payouts.settledAt,
      })
      .from(payouts)
      .innerJoin(member, eq(member.id, payouts.userId))
      .where(eq(payouts.status, status))
      .orderBy(desc(payouts.createdAt), desc(payouts.id))
      .limit(limit)
      .offset(offset);
    const [total] = await db.select({ n: count() }).from(payouts).where(eq(payouts.status, status));
    return { rows, total: total?.n ?? 0 };
  },

  /** A posting of this source and kind with its member's line (an adjustment's one), or undefined. */
  async postingWithMemberLine(db: DbOrTx, source: string, kind: string) {
    const [row] = await db
      .select({
        id: ledgerPostings.id,
        description: ledgerPostings.description,
        createdAt: ledgerPostings.createdAt,
        ownerId: ledgerAccounts.ownerId,
        bucket: ledgerAccounts.kind,
        amountMinor: ledgerLines.amountMinor,
      })
      .from(ledgerPostings)
      .innerJoin(ledgerLines, eq(ledgerLines.postingId, ledgerPostings.id))
      .innerJoin(
        ledgerAccounts,
        and(eq(ledgerAccounts.id, ledgerLines.accountId), sql`${ledgerAccounts.ownerId} is not null`),
      )
      .where(and(eq(ledgerPostings.source, source), eq(ledgerPostings.kind, kind)))
      .limit(1);
    return row;
  },
};
