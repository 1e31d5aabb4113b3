import { asc, count, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { utcDay } from '#server/db/utc-day';
import { people } from '../accounts';
import { keptFeeMinor, keptMinor, payments, refundRequests } from './payments.table';

/** Admins see every member by name, hidden ones too (decision 013). */
const requester = people('requester');

/** Sums of one currency's paid amounts, fees and nets, as three columns of a grouped query. */
function sums(currency: 'NGN' | 'USD') {
  const mine = sql`${payments.currency} = ${currency}`;
  return {
    gross: sql<number>`coalesce(sum(${keptMinor}) filter (where ${mine}), 0)::bigint`.mapWith(Number),
    fee: sql<number>`coalesce(sum(${keptFeeMinor}) filter (where ${mine}), 0)::bigint`.mapWith(Number),
    net: sql<number>`coalesce(sum(${keptMinor} - ${keptFeeMinor}) filter (where ${mine}), 0)::bigint`.mapWith(Number),
  };
}

/** What the admin console reads of payments: the refunds queue, the overview's revenue, a member's activity. */
export const paymentsAdminRepo = {
  async pendingRefunds(db: DbOrTx): Promise<number> {
    const [row] = await db.select({ n: count() }).from(refundRequests).where(eq(refundRequests.status, 'pending'));
    return row?.n ?? 0;
  },

  /** A page of pending refund requests, oldest first, with the payment and who asks. */
  pendingRefundsPage: (db: DbOrTx, page: { limit: number; offset: number }) =>
    db
      .select({
        id: refundRequests.id,
        reason: refundRequests.reason,
        createdAt: refundRequests.createdAt,
        requesterId: refundRequests.requesterId,
        requester: requester.fullName,
        amountMinor: payments.amountMinor,
        currency: payments.currency,
      })
      .from(refundRequests)
      .innerJoin(payments, eq(payments.id, refundRequests.paymentId))
      .innerJoin(requester, eq(requester.id, refundRequests.requesterId))
      .where(eq(refundRequests.status, 'pending'))
      .orderBy(asc(refundRequests.createdAt), asc(refundRequests.id))
      .limit(page.limit)
      .offset(page.offset),

  /** Course payments in naira by day paid: gross, fee and net, refunds taken off. */
  courseRevenue: (db: DbOrTx, from: Date, to: Date) =>
    db
      .select({
        day: utcDay(payments.paidAt),
        gross: sql<number>`coalesce(sum(${keptMinor}), 0)::bigint`.mapWith(Number),
        fee: sql<number>`coalesce(sum(${keptFeeMinor}), 0)::bigint`.mapWith(Number),
        net: sql<number>`coalesce(sum(${keptMinor} - ${keptFeeMinor}), 0)::bigint`.mapWith(Number),
      })
      .from(payments)
      .where(
        sql`${payments.status} = 'paid' and ${payments.kind} = 'course' and ${payments.currency} = 'NGN' and ${payments.paidAt} >= ${from} and ${payments.paidAt} < ${to}`,
      )
      .groupBy(sql`1`),

  /** Mentorship plans and renewals by day paid: gross, fee and net in each currency, refunds taken off. */
  mentorshipRevenue(db: DbOrTx, from: Date, to: Date) {
    const ngn = sums('NGN');
    const usd = sums('USD');
    return db
      .select({
        day: utcDay(payments.paidAt),
        mentorshipGross: ngn.gross,
        mentorshipFee: ngn.fee,
        mentorshipNet: ngn.net,
        mentorshipGrossUsd: usd.gross,
        mentorshipFeeUsd: usd.fee,
        mentorshipNetUsd: usd.net,
      })
      .from(payments)
      .where(
        sql`${payments.status} = 'paid' and ${payments.kind} in ('mentor_plan', 'mentor_renewal') and ${payments.paidAt} >= ${from} and ${payments.paidAt} < ${to}`,
      )
      .groupBy(sql`1`);
  },

  async paymentsOf(db: DbOrTx, userId: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(payments)
      .where(or(eq(payments.buyerId, userId), eq(payments.payeeId, userId)));
    return row?.n ?? 0;
  },
};
