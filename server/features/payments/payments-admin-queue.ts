import type { AdminQueue } from '../admin';
import type { MemberActivity } from '../admin';
import type { DailySource } from '../admin';
import { paymentsAdminRepo } from './payments-admin.repo';

/** Refund requests waiting, in the console's queues; decided on the refunds panel (POST /api/admin/refund-requests/:id/decision). */
export const refundQueue: AdminQueue = {
  kind: 'refunds',
  label: 'Refund requests',
  count: (tx) => paymentsAdminRepo.pendingRefunds(tx),
  async list(tx, page) {
    const rows = await paymentsAdminRepo.pendingRefundsPage(tx, page);
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
  query: (tx, from, to) => paymentsAdminRepo.courseRevenue(tx, from, to),
};

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
  query: (tx, from, to) => paymentsAdminRepo.mentorshipRevenue(tx, from, to),
};

export const paymentActivity: MemberActivity[] = [
  { label: 'Payments made or received', count: (userId, tx) => paymentsAdminRepo.paymentsOf(tx, userId) },
];
