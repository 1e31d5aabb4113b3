import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { paymentRefunds, payments, type PaymentRefundRow, type PaymentRow } from './payments.table';

/** Partial refunds (payment_refunds) and the paid amount they reduce. */
export const paymentRefundsRepo = {
  /** The buyer's newest paid, not yet partly refunded payment for any of these items. */
  async latestPaid(
    db: DbOrTx,
    buyerId: string,
    items: Array<{ kind: string; itemId: string }>,
  ): Promise<PaymentRow | undefined> {
    if (items.length === 0) return undefined;
    const [row] = await db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.buyerId, buyerId),
          eq(payments.status, 'paid'),
          eq(payments.refundedMinor, 0),
          or(...items.map((i) => and(eq(payments.kind, i.kind), eq(payments.itemId, i.itemId)))),
        ),
      )
      .orderBy(desc(payments.paidAt))
      .limit(1);
    return row;
  },

  /** Undefined when the payment already has its partial refund. */
  async insert(tx: DbOrTx, values: typeof paymentRefunds.$inferInsert): Promise<PaymentRefundRow | undefined> {
    const [row] = await tx.insert(paymentRefunds).values(values).onConflictDoNothing().returning();
    return row;
  },

  async find(db: DbOrTx, id: string): Promise<PaymentRefundRow | undefined> {
    const [row] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.id, id)).limit(1);
    return row;
  },

  /** pending -> succeeded, once; undefined when another attempt recorded it first. */
  async succeed(tx: DbOrTx, id: string, gatewayRefundId: string, at: Date): Promise<PaymentRefundRow | undefined> {
    const [row] = await tx
      .update(paymentRefunds)
      .set({ status: 'succeeded', gatewayRefundId, completedAt: at })
      .where(and(eq(paymentRefunds.id, id), eq(paymentRefunds.status, 'pending')))
      .returning();
    return row;
  },

  /** Adds the refunded part to a payment that is still paid, never past its amount. */
  async addRefunded(tx: DbOrTx, paymentId: string, amountMinor: number, at: Date): Promise<PaymentRow | undefined> {
    const [row] = await tx
      .update(payments)
      .set({ refundedMinor: sql`${payments.refundedMinor} + ${amountMinor}`, refundedAt: at })
      .where(
        and(
          eq(payments.id, paymentId),
          eq(payments.status, 'paid'),
          sql`${payments.refundedMinor} + ${amountMinor} <= ${payments.amountMinor}`,
        ),
      )
      .returning();
    return row;
  },
};
