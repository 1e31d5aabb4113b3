import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { testGatewaySessions, type TestGatewaySessionRow } from './payments.table';

/** The test gateway's own books: what a real gateway keeps on its side. */
export const testGatewayRepo = {
  async insert(db: DbOrTx, values: typeof testGatewaySessions.$inferInsert): Promise<TestGatewaySessionRow> {
    const [row] = await db.insert(testGatewaySessions).values(values).returning();
    return row!;
  },

  async find(db: DbOrTx, reference: string): Promise<TestGatewaySessionRow | undefined> {
    const [row] = await db
      .select()
      .from(testGatewaySessions)
      .where(eq(testGatewaySessions.reference, reference))
      .limit(1);
    return row;
  },

  /** open -> paid or cancelled, once: undefined when the session was not open. */
  async close(
    db: DbOrTx,
    reference: string,
    status: 'paid' | 'cancelled',
    at: Date,
  ): Promise<TestGatewaySessionRow | undefined> {
    const [row] = await db
      .update(testGatewaySessions)
      .set({ status, ...(status === 'paid' ? { paidAt: at } : {}) })
      .where(and(eq(testGatewaySessions.reference, reference), eq(testGatewaySessions.status, 'open')))
      .returning();
    return row;
  },

  /** Adds a refund under its idempotency key, never past what was paid nor twice: undefined when it would. */
  async addRefund(
    db: DbOrTx,
    reference: string,
    amountMinor: number,
    key: string,
  ): Promise<TestGatewaySessionRow | undefined> {
    const [row] = await db
      .update(testGatewaySessions)
      .set({
        refundedMinor: sql`${testGatewaySessions.refundedMinor} + ${amountMinor}`,
        refundKeys: sql`array_append(${testGatewaySessions.refundKeys}, ${key})`,
      })
      .where(
        and(
          eq(testGatewaySessions.reference, reference),
          eq(testGatewaySessions.status, 'paid'),
          sql`not (${key} = any(${testGatewaySessions.refundKeys}))`,
          sql`${testGatewaySessions.refundedMinor} + ${amountMinor} <= ${testGatewaySessions.amountMinor}`,
        ),
      )
      .returning();
    return row;
  },
};
