import { and, asc, desc, eq, inArray, lte } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import type { TPayoutStatus } from '#shared/wallet/payouts.schemas';
import { payoutAccounts, payouts } from './payouts.table';

export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;
export type PayoutRow = typeof payouts.$inferSelect;

export const payoutsRepo = {
  async account(db: DbOrTx, userId: string): Promise<PayoutAccountRow | undefined> {
    const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
    return row;
  },

  async saveAccount(db: DbOrTx, row: typeof payoutAccounts.$inferInsert): Promise<PayoutAccountRow> {
    const { userId: _key, ...set } = row;
    const [saved] = await db
      .insert(payoutAccounts)
      .values(row)
      .onConflictDoUpdate({ target: payoutAccounts.userId, set })
      .returning();
    return saved!;
  },

  /** The gateway's code for the account, kept only if the account is still the one it was made for. */
  async saveRecipient(
    db: DbOrTx,
    userId: string,
    account: { bankCode: string; accountNumber: string },
    recipient: { code: string; scope: string },
  ): Promise<void> {
    await db
      .update(payoutAccounts)
      .set({ recipientCode: recipient.code, recipientScope: recipient.scope })
      .where(
        and(
          eq(payoutAccounts.userId, userId),
          eq(payoutAccounts.bankCode, account.bankCode),
          eq(payoutAccounts.accountNumber, account.accountNumber),
        ),
      );
  },

  async insert(db: DbOrTx, row: typeof payouts.$inferInsert): Promise<PayoutRow> {
    const [saved] = await db.insert(payouts).values(row).returning();
    return saved!;
  },

  async find(db: DbOrTx, id: string): Promise<PayoutRow | undefined> {
    const [row] = await db.select().from(payouts).where(eq(payouts.id, id));
    return row;
  },

  /** Moves a payout on only from the states named: the one update that wins settles it. */
  async move(
    db: DbOrTx,
    id: string,
    from: TPayoutStatus[],
    to: TPayoutStatus,
    extra: { failureReason?: string; settledAt?: Date } = {},
  ): Promise<PayoutRow | undefined> {
    const [row] = await db
      .update(payouts)
      .set({ status: to, ...extra })
      .where(and(eq(payouts.id, id), inArray(payouts.status, from)))
      .returning();
    return row;
  },

  /** Payouts in one state since at or before `before`, oldest first (payouts_status_idx). */
  inState: (db: DbOrTx, status: TPayoutStatus, before: Date, limit: number) =>
    db
      .select()
      .from(payouts)
      .where(and(eq(payouts.status, status), lte(payouts.createdAt, before)))
      .orderBy(asc(payouts.createdAt))
      .limit(limit),

  list: (db: DbOrTx, userId: string, limit: number) =>
    db.select().from(payouts).where(eq(payouts.userId, userId)).orderBy(desc(payouts.createdAt)).limit(limit),
};
