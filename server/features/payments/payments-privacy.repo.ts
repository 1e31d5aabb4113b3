import { eq, or } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { memberRows } from '#server/db/member-rows';
import { payments, refundRequests } from './payments.table';

/**
 * Payments and refunds for the member's export. There is no eraser: payment and refund records
 * are kept as the law requires, pointing at the anonymised account (decision 020).
 */
export const paymentsPrivacyRepo = {
  async export(db: DbOrTx, userId: string) {
    const list = await db
      .select({
        id: payments.id,
        kind: payments.kind,
        itemId: payments.itemId,
        role: payments.buyerId,
        gateway: payments.gateway,
        amountMinor: payments.amountMinor,
        feeMinor: payments.feeMinor,
        currency: payments.currency,
        status: payments.status,
        createdAt: payments.createdAt,
        paidAt: payments.paidAt,
      })
      .from(payments)
      .where(or(eq(payments.buyerId, userId), eq(payments.payeeId, userId)));
    const refunds = await memberRows(db, refundRequests, refundRequests.requesterId, userId, [
      'paymentId',
      'reason',
      'status',
      'decisionNote',
      'createdAt',
    ]);
    return {
      payments: list.map(({ role, ...p }) => ({ ...p, as: role === userId ? 'buyer' : 'seller' })),
      refundRequests: refunds,
    };
  },
};
