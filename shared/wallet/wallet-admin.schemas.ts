import { z } from 'zod';
import { PAYOUT_STATUSES } from './payouts.schemas';
import { ZWallet, ZWalletEntries, ZWalletEntriesQuery } from './wallet.schemas';

/** GET /api/admin/users/:id/wallet?page=: the member's balances and one page of their lines, as they see them. */
export const ZAdminWalletQuery = ZWalletEntriesQuery;
export const ZAdminMemberWallet = ZWalletEntries.extend({ wallet: ZWallet });
export type TAdminMemberWallet = z.infer<typeof ZAdminMemberWallet>;

/** The buckets an admin may adjust: money the member has earned. Escrow and paid-out money move only by their own rules. */
export const ADJUSTABLE_BUCKETS = ['available', 'pending'] as const;
export type TAdjustableBucket = (typeof ADJUSTABLE_BUCKETS)[number];
export const ADJUSTMENT_REASON_MIN = 10;
/** The largest single adjustment, ₦10,000,000: a typo of a few zeros is refused rather than posted. */
export const ADJUSTMENT_MAX_MINOR = 1_000_000_000;

const ZReason = z
  .string({ error: 'Say why' })
  .trim()
  .min(ADJUSTMENT_REASON_MIN, `Say why in at least ${ADJUSTMENT_REASON_MIN} characters: the member reads it`)
  .max(500, 'At most 500 characters');

/**
 * POST /api/admin/users/:id/wallet/adjustments. Example:
 * `{ "amountMinor": -150000, "bucket": "available", "reason": "Duplicate sale credited twice", "key": "…uuid…" }`.
 * A positive amount credits the member, a negative one debits them. `key`, made once per form by
 * the client, makes a retried request post once.
 */
export const ZAdjustmentInput = z.object({
  amountMinor: z
    .number({ error: 'Enter an amount in kobo' })
    .int('Enter a whole number of kobo')
    .refine((n) => n !== 0, 'An adjustment cannot be zero')
    .refine((n) => Math.abs(n) <= ADJUSTMENT_MAX_MINOR, 'At most ₦10,000,000 at once'),
  bucket: z.enum(ADJUSTABLE_BUCKETS, { error: 'Choose the available or the pending balance' }),
  reason: ZReason,
  key: z.uuid('The request key must be a UUID').optional(),
});
export type TAdjustmentInput = z.infer<typeof ZAdjustmentInput>;

/** The member page's form: a direction and naira as typed ("5,000.50"), turned into the route's body by toAdjustmentInput. */
export const ZAdjustmentForm = ZAdjustmentInput.pick({ bucket: true, reason: true }).extend({
  direction: z.enum(['credit', 'debit'], { error: 'Choose credit or debit' }),
  naira: z
    .string()
    .trim()
    .transform((s) => s.replace(/[₦,\s]/g, ''))
    .pipe(
      z
        .string()
        .regex(/^\d+(\.\d{1,2})?$/, 'Enter an amount in naira, for example 5000 or 1500.50')
        .refine((s) => Number(s) > 0, 'Enter an amount above ₦0')
        .refine((s) => Math.round(Number(s) * 100) <= ADJUSTMENT_MAX_MINOR, 'At most ₦10,000,000 at once'),
    ),
});
export type TAdjustmentFormIn = z.input<typeof ZAdjustmentForm>;
export type TAdjustmentForm = z.output<typeof ZAdjustmentForm>;

export function toAdjustmentInput(form: TAdjustmentForm, key: string): TAdjustmentInput {
  const minor = Math.round(Number(form.naira) * 100);
  return { amountMinor: form.direction === 'credit' ? minor : -minor, bucket: form.bucket, reason: form.reason, key };
}

/** POST …/adjustments answers 201 with the posting and the member's wallet after it. */
export const ZAdjustment = z.object({
  id: z.string(),
  amountMinor: z.number().int(),
  bucket: z.enum(ADJUSTABLE_BUCKETS),
  reason: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  wallet: ZWallet,
});
export type TAdjustment = z.infer<typeof ZAdjustment>;

/** GET /api/admin/payouts?status=failed&page=: payouts in one state, newest first (failed by default). */
export const ZAdminPayoutsQuery = z.object({
  status: z.enum(PAYOUT_STATUSES, { error: 'status is one of pending, processing, paid, failed' }).default('failed'),
  page: z.coerce
    .number({ error: 'page must be a whole number' })
    .int('page must be a whole number')
    .min(1, 'page must be at least 1')
    .max(10_000, 'page must be at most 10000')
    .default(1),
});

export const ZAdminPayout = z.object({
  id: z.string(),
  member: z.object({ id: z.string(), username: z.string(), fullName: z.string() }),
  amountMinor: z.number().int(),
  feeMinor: z.number().int(),
  status: z.enum(PAYOUT_STATUSES),
  failureReason: z.string().nullable(),
  /** The bank account holder the payout went to, as the gateway resolved it, and the number's last four digits. */
  accountName: z.string(),
  accountNumberLast4: z.string(),
  /** ISO 8601: when the member asked. */
  createdAt: z.string(),
  /** ISO 8601: when it was paid or failed; null while it is on its way. */
  settledAt: z.string().nullable(),
});
export type TAdminPayout = z.infer<typeof ZAdminPayout>;

export const ZAdminPayouts = z.object({
  payouts: z.array(ZAdminPayout),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TAdminPayouts = z.infer<typeof ZAdminPayouts>;
