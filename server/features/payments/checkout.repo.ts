import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import type { NewPayment, PaymentRow } from './payments.repo';
import { payments } from './payments.table';

/** A buyer's open checkout of an item: at most one, by `payments_one_open_checkout_idx` (decision 048). */
export const checkoutRepo = {
  async open(db: DbOrTx, buyerId: string, kind: string, itemId: string): Promise<PaymentRow | undefined> {
    const [row] = await db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.buyerId, buyerId),
          eq(payments.kind, kind),
          eq(payments.itemId, itemId),
          eq(payments.status, 'pending'),
          isNotNull(payments.checkoutUrl),
        ),
      )
      .limit(1);
    return row;
  },

  /**
   * The checkout's row, unless the buyer has one open for the item already: then nothing. An insert
   * meeting another transaction's uncommitted checkout waits for it, so of checkouts at once
   * exactly one row is written.
   */
  async insertUnlessOpen(db: DbOrTx, values: NewPayment & { checkoutUrl: string }): Promise<PaymentRow | undefined> {
    const [row] = await db
      .insert(payments)
      .values(values)
      .onConflictDoNothing({
        target: [payments.buyerId, payments.kind, payments.itemId],
        where: sql`status = 'pending' and checkout_url is not null`,
      })
      .returning();
    return row;
  },
};
