import type { TRefundSummary } from '#shared/payments/payments.schemas';

/** A learner's refund request on payment p1, waiting for an admin: what both the learner's and the admin's screens show. */
export const PENDING_REFUND: TRefundSummary = {
  id: 'r1',
  status: 'pending',
  reason: 'The course was not what I expected.',
  decisionNote: null,
  requestedAt: '2026-03-03T10:00:00.000Z',
  decidedAt: null,
};
