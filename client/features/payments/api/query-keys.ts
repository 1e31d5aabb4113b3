import type { TRefundStatus } from '#shared/payments/payments.schemas';

/**
 * Keys are the request paths split at their ids (shared/realtime/events.ts), like the courses
 * feature's: a list's filters follow as an object, so they cannot pass for an id.
 */
export const purchasesKey = ['/api/user/payments'] as const;
export const tutorRevenueKey = ['/api/tutor/revenue'] as const;
export const adminRefundsPrefix = ['/api/admin/refund-requests'] as const;
export const adminRefundsKey = (status: TRefundStatus) => [...adminRefundsPrefix, { status }] as const;
export const testCheckoutKey = (reference: string) => ['/api/payments/test-checkout', reference] as const;
