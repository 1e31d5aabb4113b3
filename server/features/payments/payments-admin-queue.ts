import { asc, count, eq, or, sql } from 'drizzle-orm';
import type { AdminQueue } from '../admin/admin-queues';
import type { MemberActivity } from '../admin/admin-members.service';
import { utcDay, type DailySource } from '../admin/admin-stats';
import { people } from '../accounts/person';
import { keptFeeMinor, keptMinor, payments, refundRequests } from './payments.table';

/** Admins see every member by name, hidden ones too (decision 013). */
const requester = people('requester');
/** Refund requests waiting, in the console's queues; decided on the refunds panel (POST /api/admin/refund-requests/:id/decision). */
export const refundQueue: AdminQueue = {
  kind: 'refunds',
  label: 'Refund requests',
  async count(tx) {
    const [row] = await tx.select({ n: count() }).from(refundRequests).where(eq(refundRequests.status, 'pending'));
    return row?.n ?? 0;
  },
  async list(tx, page) {
    const rows = await tx
      .select({ id: refundRequests.id, reason: refundRequests.reason, createdAt: refundRequests.createdAt, requesterId: refundRequests.requesterId, requester: requester.fullName, amountMinor: payments.amountMinor, currency: payments.currency })
      .from(refundRequests)
      .innerJoin(payments, eq(payments.id, refundRequests.paymentId))
      .innerJoin(requester, eq(requester.id, refundRequests.requesterId))
      .where(eq(refundRequests.status, 'pending'))
      .orderBy(asc(refundRequests.createdAt), asc(refundRequests.id))
      .limit(page.limit)
      .offset(page.offset);
    return rows.map((r) => ({
      id: r.id,
      title: `Refund for ${r.requester}`,
      summary: r.reason,
      createdAt: r.createdAt.toISOString(),
      link: null,
      subjectUserId: r.requesterId,
      evidence: { amountMinor: r.amountMinor, currency: r.currency },
    }));
  },
};

/**
 * Course revenue by day of payment, in naira (the currency courses are priced in): gross,
 * the platform's fee and the tutors' net. Refunded payments are left out, partial refunds subtracted.
 */
export const revenueFigures: DailySource = {
  series: [
    { key: 'gross', label: 'Course revenue (gross)', unit: 'money', currency: 'NGN' },
    { key: 'fee', label: 'Platform fee', unit: 'money', currency: 'NGN' },
    { key: 'net', label: 'Paid to tutors (net)', unit: 'money', currency: 'NGN' },
  ],
  query: (tx, from, to) =>
    tx
      .select({
        day: utcDay(payments.paidAt),
        gross: sql<number>`coalesce(sum(${keptMinor}), 0)::bigint`.mapWith(Number),
        fee: sql<number>`coalesce(sum(${keptFeeMinor}), 0)::bigint`.mapWith(Number),
        net: sql<number>`coalesce(sum(${keptMinor} - ${keptFeeMinor}), 0)::bigint`.mapWith(Number),
      })
      .from(payments)
      .where(sql`${payments.status} = 'paid' and ${payments.kind} = 'course' and ${payments.currency} = 'NGN' and ${payments.paidAt} >= ${from} and ${payments.paidAt} < ${to}`)
      .groupBy(sql`1`),
};

/** Sums of one currency's paid amounts, fees and nets, as three columns of a grouped query. */
function sums(currency: 'NGN' | 'USD') {
  const mine = sql`${payments.currency} = ${currency}`;
  return {
    gross: sql<number>`coalesce(sum(${keptMinor}) filter (where ${mine}), 0)::bigint`.mapWith(Number),
    fee: sql<number>`coalesce(sum(${keptFeeMinor}) filter (where ${mine}), 0)::bigint`.mapWith(Number),
    net: sql<number>`coalesce(sum(${keptMinor} - ${keptFeeMinor}) filter (where ${mine}), 0)::bigint`.mapWith(Number),
  };
}

/**
 * Mentorship revenue by day of payment: plans bought and their renewals (mentorship's purchase
 * kinds), gross, the platform's fee and the mentors' net, in each currency plans are priced in.
 * Refunded payments are left out, partial refunds subtracted.
 */
export const mentorshipRevenueFigures: DailySource = {
  series: [
    { key: 'mentorshipGross', label: 'Mentorship revenue (gross)', unit: 'money', currency: 'NGN' },
    { key: 'mentorshipFee', label: 'Mentorship platform fee', unit: 'money', currency: 'NGN' },
    { key: 'mentorshipNet', label: 'Paid to mentors (net)', unit: 'money', currency: 'NGN' },
    { key: 'mentorshipGrossUsd', label: 'Mentorship revenue in USD (gross)', unit: 'money', currency: 'USD' },
    { key: 'mentorshipFeeUsd', label: 'Mentorship platform fee in USD', unit: 'money', currency: 'USD' },
    { key: 'mentorshipNetUsd', label: 'Paid to mentors in USD (net)', unit: 'money', currency: 'USD' },
  ],
  query: (tx, from, to) => {
    const ngn = sums('NGN');
    const usd = sums('USD');
    return tx
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
      .where(sql`${payments.status} = 'paid' and ${payments.kind} in ('mentor_plan', 'mentor_renewal') and ${payments.paidAt} >= ${from} and ${payments.paidAt} < ${to}`)
      .groupBy(sql`1`);
  },
};

export const paymentActivity: MemberActivity[] = [
  {
    label: 'Payments made or received',
    async count(userId, tx) {
      const [row] = await tx.select({ n: count() }).from(payments).where(or(eq(payments.buyerId, userId), eq(payments.payeeId, userId)));
      return row?.n ?? 0;
    },
  },
];
