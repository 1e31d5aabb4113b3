import { z } from 'zod';
import { ZCurrency } from '../money';

/**
 * Payments for a purchase of any kind: a course now, a mentor plan later. The gateway is the
 * source of truth; our records are what it confirmed.
 */
export const PAYMENT_GATEWAYS = ['test', 'stripe', 'paystack'] as const;
export const ZPaymentGateway = z.enum(PAYMENT_GATEWAYS, { error: 'Unknown payment gateway' });
export type TPaymentGateway = z.infer<typeof ZPaymentGateway>;

/** What can be bought. Each kind is registered by the feature that owns it (server). */
export const PURCHASE_KINDS = ['course', 'mentor_plan', 'mentor_renewal', 'gig_milestone'] as const;
export const ZPurchaseKind = z.enum(PURCHASE_KINDS);
export type TPurchaseKind = z.infer<typeof ZPurchaseKind>;

export const ZPaymentStatus = z.enum(['pending', 'paid', 'refunded', 'cancelled', 'expired']);
export type TPaymentStatus = z.infer<typeof ZPaymentStatus>;

export const ZRefundStatus = z.enum(['pending', 'approved', 'declined']);
export type TRefundStatus = z.infer<typeof ZRefundStatus>;

/** POST /api/course-payments/courses/{courseId}/checkout: where to send the buyer. */
export const ZCheckoutSession = z.object({
  url: z.string(),
  gateway: ZPaymentGateway,
  /** The gateway's id for this checkout: Stripe's session id, Paystack's reference, the test gateway's reference. */
  sessionId: z.string(),
});
export type TCheckoutSession = z.infer<typeof ZCheckoutSession>;

/** docs/spec.md §7: gateway (value 'stripe') and transactionId (the session id). */
export const ZVerifyPaymentInput = z.object({
  gateway: ZPaymentGateway.default('stripe'),
  transactionId: z
    .string({ error: 'transactionId is required' })
    .trim()
    .min(1, 'transactionId is required')
    .max(255, 'transactionId is too long'),
});
export type TVerifyPaymentInput = z.infer<typeof ZVerifyPaymentInput>;

/** docs/spec.md §3: success (boolean), error (string). */
export const ZVerifyPaymentResult = z.object({ success: z.boolean(), error: z.string().optional() });
export type TVerifyPaymentResult = z.infer<typeof ZVerifyPaymentResult>;

/** The payment page's own query: the success URL carries `gateway` for gateways other than Stripe. */
export const successPath = (courseId: string) => `/courses/${courseId}/payment/success`;
export const cancelPath = (courseId: string) => `/courses/${courseId}/payment/cancel`;
export const testCheckoutPath = (reference: string) => `/payments/test-checkout/${reference}`;

/** The built-in test gateway's checkout page (GET /api/payments/test-checkout/{reference}). */
export const ZTestCheckout = z.object({
  reference: z.string(),
  description: z.string(),
  amountMinor: z.number().int(),
  currency: ZCurrency,
  status: z.enum(['open', 'paid', 'cancelled']),
  /** Where "Cancel" leads. */
  cancelUrl: z.string(),
});
export type TTestCheckout = z.infer<typeof ZTestCheckout>;

/** Answer of the test checkout's pay and cancel calls: where the browser goes next. */
export const ZTestCheckoutResult = z.object({ redirectUrl: z.string() });
export type TTestCheckoutResult = z.infer<typeof ZTestCheckoutResult>;

export const REFUND_REASON_MIN = 10;
export const REFUND_REASON_MAX = 1000;

export const ZRefundRequestInput = z.object({
  reason: z
    .string({ error: 'Tell us why you want a refund' })
    .trim()
    .min(REFUND_REASON_MIN, `Tell us why in at least ${REFUND_REASON_MIN} characters`)
    .max(REFUND_REASON_MAX, `Keep the reason under ${REFUND_REASON_MAX} characters`),
});
export type TRefundRequestInput = z.infer<typeof ZRefundRequestInput>;

export const ZRefundSummary = z.object({
  id: z.string(),
  status: ZRefundStatus,
  reason: z.string(),
  decisionNote: z.string().nullable(),
  /** ISO 8601. */
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type TRefundSummary = z.infer<typeof ZRefundSummary>;

/** The thing bought, as a buyer or an admin sees it. */
export const ZPurchaseItem = z.object({
  kind: ZPurchaseKind,
  id: z.string(),
  title: z.string(),
  /** Where the item lives in the app, e.g. /courses/course-detail/{id}. */
  link: z.string(),
});
export type TPurchaseItem = z.infer<typeof ZPurchaseItem>;

/** GET /api/user/payments: the learner's purchases, newest first. */
export const ZPurchase = z.object({
  id: z.string(),
  item: ZPurchaseItem,
  amountMinor: z.number().int(),
  /** What went back to the buyer: the whole amount once refunded, a part after a mentor's early cancel, else 0. */
  refundedMinor: z.number().int(),
  currency: ZCurrency,
  gateway: ZPaymentGateway,
  status: ZPaymentStatus,
  paidAt: z.string().nullable(),
  /** The end of the refund window (ISO 8601), or null once it cannot be asked for. */
  refundableUntil: z.string().nullable(),
  /** Why a paid purchase without a request can no longer be refunded, or null. */
  refundBlockedReason: z.string().nullable(),
  refund: ZRefundSummary.nullable(),
});
export type TPurchase = z.infer<typeof ZPurchase>;

export const ZPurchaseList = z.object({ purchases: z.array(ZPurchase) });
export type TPurchaseList = z.infer<typeof ZPurchaseList>;

const ZPerson = z.object({ id: z.string(), username: z.string(), fullName: z.string() });

/** GET /api/admin/refund-requests: one request with its payment and people. */
export const ZAdminRefundRequest = ZRefundSummary.extend({
  payment: z.object({
    id: z.string(),
    amountMinor: z.number().int(),
    currency: ZCurrency,
    gateway: ZPaymentGateway,
    status: ZPaymentStatus,
    paidAt: z.string().nullable(),
    item: ZPurchaseItem,
  }),
  learner: ZPerson,
  payee: ZPerson,
});
export type TAdminRefundRequest = z.infer<typeof ZAdminRefundRequest>;

export const ZAdminRefundQuery = z.object({ status: ZRefundStatus.default('pending') });
export const ZAdminRefundList = z.object({ refundRequests: z.array(ZAdminRefundRequest) });
export type TAdminRefundList = z.infer<typeof ZAdminRefundList>;

export const ZRefundDecisionInput = z
  .object({
    decision: z.enum(['approve', 'decline'], { error: 'Choose approve or decline' }),
    note: z.string().trim().max(1000, 'Keep the note under 1000 characters').optional(),
  })
  .refine((d) => d.decision === 'approve' || (d.note?.length ?? 0) >= 3, {
    message: 'Tell the learner why the refund is declined',
    path: ['note'],
  });
export type TRefundDecisionInput = z.infer<typeof ZRefundDecisionInput>;

/** GET /api/tutor/revenue: paid, unrefunded sales by calendar month in West Africa Time. */
export const ZRevenueMonth = z.object({
  /** YYYY-MM. */
  month: z.string(),
  sales: z.number().int(),
  grossMinor: z.number().int(),
  feeMinor: z.number().int(),
  netMinor: z.number().int(),
});
export type TRevenueMonth = z.infer<typeof ZRevenueMonth>;

export const ZRevenueByCurrency = z.object({
  currency: ZCurrency,
  sales: z.number().int(),
  grossMinor: z.number().int(),
  feeMinor: z.number().int(),
  netMinor: z.number().int(),
  refundedMinor: z.number().int(),
  /** The last 12 months, oldest first, months without sales included as zeros. */
  months: z.array(ZRevenueMonth),
});
export type TRevenueByCurrency = z.infer<typeof ZRevenueByCurrency>;

export const ZTutorRevenue = z.object({
  /** The platform's share of each sale, in percent (PLATFORM_FEE_PERCENT). */
  feePercent: z.number(),
  currencies: z.array(ZRevenueByCurrency),
});
export type TTutorRevenue = z.infer<typeof ZTutorRevenue>;
