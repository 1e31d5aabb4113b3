import { and, count, desc, eq, inArray, lte, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '#server/db/client';
import { ledgerAccounts, ledgerLines, ledgerPostings } from './ledger.table';

/** A member's buckets, then the platform's own accounts (no owner). */
export const MEMBER_ACCOUNTS = ['pending', 'available', 'held', 'paid_out'] as const;
/** `platform_adjustments`: the platform's side of an admin's adjustment, so the fees kept stay the fees (decision 062). */
export const PLATFORM_ACCOUNTS = [
  'platform_fees',
  'gateway_clearing',
  'payouts_in_flight',
  'platform_adjustments',
] as const;
/**
 * `owed`: what a member owes the platform, kept per member at or below zero (a receivable, signed as
 * `gateway_clearing` is): a refund larger than what is left of their earnings takes the rest here,
 * and their next credits to `available` pay it back first (decision 065).
 */
export type AccountKind = (typeof MEMBER_ACCOUNTS)[number] | (typeof PLATFORM_ACCOUNTS)[number] | 'owed';

export interface PostingRow {
  kind: string;
  source: string;
  subject: string;
  description: string;
  createdAt: Date;
}

export const ledgerRepo = {
  /** The account's id, made on first use (one statement, safe under concurrency). */
  async accountId(db: DbOrTx, ownerId: string | null, kind: AccountKind, currency: string): Promise<string> {
    const { rows } = await db.execute<{ id: string }>(sql`
      insert into ${ledgerAccounts} (owner_id, kind, currency) values (${ownerId}, ${kind}, ${currency})
      on conflict on constraint ledger_accounts_key do update set kind = excluded.kind
      returning id`);
    return rows[0]!.id;
  },

  /** The posting's id, or null when one of this source and kind exists: it was posted before. */
  async insertPosting(db: DbOrTx, p: PostingRow): Promise<string | null> {
    const [row] = await db
      .insert(ledgerPostings)
      .values(p)
      .onConflictDoNothing({ target: [ledgerPostings.source, ledgerPostings.kind] })
      .returning({ id: ledgerPostings.id });
    return row?.id ?? null;
  },

  /**
   * The posting's lines and the balances they move. Accounts are updated in id order, so two
   * postings touching the same accounts queue rather than deadlock.
   */
  async insertLines(
    db: DbOrTx,
    postingId: string,
    lines: Array<{ accountId: string; amountMinor: number }>,
    createdAt: Date,
  ): Promise<void> {
    await db.insert(ledgerLines).values(lines.map((l) => ({ postingId, createdAt, ...l })));
    for (const line of [...lines].sort((a, b) => a.accountId.localeCompare(b.accountId))) {
      await db
        .update(ledgerAccounts)
        .set({ balanceMinor: sql`${ledgerAccounts.balanceMinor} + ${line.amountMinor}` })
        .where(eq(ledgerAccounts.id, line.accountId));
    }
  },

  /** The account's balance, its row locked until the transaction ends: checks and moves of one wallet queue. */
  async lockBalance(db: DbOrTx, accountId: string): Promise<number> {
    const [row] = await db
      .select({ balance: ledgerAccounts.balanceMinor })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.id, accountId))
      .for('update');
    return Number(row?.balance ?? 0);
  },

  /** The member's `available` and `owed` rows, locked: what a recovery may move. Absent rows read as zero. */
  async lockDebt(db: DbOrTx, ownerId: string, currency: string) {
    const rows = await db
      .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balanceMinor })
      .from(ledgerAccounts)
      .where(
        and(
          eq(ledgerAccounts.ownerId, ownerId),
          eq(ledgerAccounts.currency, currency),
          inArray(ledgerAccounts.kind, ['available', 'owed']),
        ),
      )
      .orderBy(ledgerAccounts.id)
      .for('update');
    const of = (kind: string) => Number(rows.find((r) => r.kind === kind)?.balance ?? 0);
    return { available: of('available'), owed: -of('owed') };
  },

  async hasPosting(db: DbOrTx, subject: string, kind: string): Promise<boolean> {
    const [row] = await db
      .select({ id: ledgerPostings.id })
      .from(ledgerPostings)
      .where(and(eq(ledgerPostings.subject, subject), eq(ledgerPostings.kind, kind)))
      .limit(1);
    return Boolean(row);
  },

  /** What the subject's postings left in one member account (what is still pending of a sale). */
  async leftIn(db: DbOrTx, subject: string, accountId: string): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`coalesce(sum(${ledgerLines.amountMinor}), 0)::bigint` })
      .from(ledgerLines)
      .innerJoin(ledgerPostings, eq(ledgerPostings.id, ledgerLines.postingId))
      .where(and(eq(ledgerPostings.subject, subject), eq(ledgerLines.accountId, accountId)));
    return Number(row?.n ?? 0);
  },

  /** A member's buckets in one currency. */
  async balances(db: DbOrTx, ownerId: string, currency: string): Promise<Map<string, number>> {
    const rows = await db
      .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balanceMinor })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.ownerId, ownerId), eq(ledgerAccounts.currency, currency)));
    return new Map(rows.map((r) => [r.kind, Number(r.balance)]));
  },

  /**
   * One page of a member's lines in one currency, newest first, with their postings; and how
   * many there are. Each of the member's accounts hands over only its newest lines, straight off
   * its index, and only the page's lines meet their postings: a first page costs the same with
   * ten lines or ten thousand (decision 063).
   */
  async entries(db: DbOrTx, ownerId: string, currency: string, limit: number, offset: number) {
    const mine = and(eq(ledgerAccounts.ownerId, ownerId), eq(ledgerAccounts.currency, currency));
    const newest = db
      .select({
        id: ledgerLines.id,
        postingId: ledgerLines.postingId,
        amountMinor: ledgerLines.amountMinor,
        createdAt: ledgerLines.createdAt,
      })
      .from(ledgerLines)
      .where(eq(ledgerLines.accountId, ledgerAccounts.id))
      .orderBy(desc(ledgerLines.createdAt), desc(ledgerLines.id))
      .limit(offset + limit)
      .as('newest');
    const page = db
      .select({
        id: newest.id,
        postingId: newest.postingId,
        amountMinor: newest.amountMinor,
        createdAt: newest.createdAt,
        bucket: ledgerAccounts.kind,
      })
      .from(ledgerAccounts)
      .crossJoinLateral(newest)
      .where(mine)
      .orderBy(desc(newest.createdAt), desc(newest.id))
      .limit(limit)
      .offset(offset)
      .as('page');
    const rows = await db
      .select({
        id: page.id,
        kind: ledgerPostings.kind,
        amountMinor: page.amountMinor,
        bucket: page.bucket,
        createdAt: page.createdAt,
        description: ledgerPostings.description,
      })
      .from(page)
      .innerJoin(ledgerPostings, eq(ledgerPostings.id, page.postingId))
      .orderBy(desc(page.createdAt), desc(page.id));
    const [total] = await db
      .select({ n: count() })
      .from(ledgerLines)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerLines.accountId))
      .where(mine);
    return { rows, total: total?.n ?? 0 };
  },

  /** Sales posted at or before `before` whose clearing is not posted yet, with whose pending bucket holds them. */
  async salesToClear(db: DbOrTx, before: Date, limit: number) {
    const cleared = alias(ledgerPostings, 'cleared');
    return db
      .select({ subject: ledgerPostings.subject, ownerId: ledgerAccounts.ownerId, currency: ledgerAccounts.currency })
      .from(ledgerPostings)
      .innerJoin(ledgerLines, eq(ledgerLines.postingId, ledgerPostings.id))
      .innerJoin(ledgerAccounts, and(eq(ledgerAccounts.id, ledgerLines.accountId), eq(ledgerAccounts.kind, 'pending')))
      .where(
        and(
          eq(ledgerPostings.kind, 'sale'),
          lte(ledgerPostings.createdAt, before),
          notExists(
            db
              .select({ one: sql`1` })
              .from(cleared)
              .where(and(eq(cleared.subject, ledgerPostings.subject), eq(cleared.kind, 'sale_cleared'))),
          ),
        ),
      )
      .orderBy(ledgerPostings.createdAt)
      .limit(limit);
  },

  /** Every account's kept balance beside the sum of its lines: for the tests that hold the ledger to its lines. */
  async drift(db: DbOrTx, accountIds?: string[]) {
    const sums = db
      .select({ accountId: ledgerLines.accountId, total: sql<number>`sum(${ledgerLines.amountMinor})`.as('total') })
      .from(ledgerLines)
      .groupBy(ledgerLines.accountId)
      .as('sums');
    return db
      .select({
        id: ledgerAccounts.id,
        kept: ledgerAccounts.balanceMinor,
        lines: sql<number>`coalesce(${sums.total}, 0)`,
      })
      .from(ledgerAccounts)
      .leftJoin(sums, eq(sums.accountId, ledgerAccounts.id))
      .where(
        and(
          accountIds ? inArray(ledgerAccounts.id, accountIds) : undefined,
          sql`${ledgerAccounts.balanceMinor} <> coalesce(${sums.total}, 0)`,
        ),
      );
  },

  /** Postings whose lines do not sum to zero (there must be none). */
  async unbalanced(db: DbOrTx) {
    return db
      .select({ postingId: ledgerLines.postingId, sum: sql<number>`sum(${ledgerLines.amountMinor})` })
      .from(ledgerLines)
      .groupBy(ledgerLines.postingId)
      .having(sql`sum(${ledgerLines.amountMinor}) <> 0`);
  },
};
