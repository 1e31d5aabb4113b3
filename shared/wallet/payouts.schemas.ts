import { z } from 'zod';

/** The least a payout may be: ₦1,000 (PRODUCT.md, "Money out"). */
export const PAYOUT_MIN_MINOR = 100_000;
/** Hours payouts wait after a payout account is changed (protection against a taken-over account). */
export const PAYOUT_HOLD_HOURS = 24;

/**
 * A payout's life: `pending` (asked, not yet sent), `processing` (the gateway took it), `paid`
 * (the bank has it) or `failed` (refused or reversed: the money went back to available).
 */
export const PAYOUT_STATUSES = ['pending', 'processing', 'paid', 'failed'] as const;
export type TPayoutStatus = (typeof PAYOUT_STATUSES)[number];

/**
 * The gateway's transfer fee, taken out of the payout: ₦10 up to ₦5,000, ₦25 up to ₦50,000,
 * ₦50 above (Paystack's schedule for transfers to Nigerian banks).
 */
export function transferFeeMinor(amountMinor: number): number {
  if (amountMinor <= 500_000) return 1_000;
  if (amountMinor <= 5_000_000) return 2_500;
  return 5_000;
}

export const ZBank = z.object({ code: z.string(), name: z.string() });
export const ZBanks = z.object({ banks: z.array(ZBank) });
export type TBank = z.infer<typeof ZBank>;

/** PUT /api/wallet/payout-account. Example: `{ "bankCode": "058", "accountNumber": "0123456789", "password": "…" }`. */
export const ZPayoutAccountInput = z.object({
  bankCode: z.string().trim().min(1, 'Choose your bank').max(20, 'Choose your bank from the list'),
  accountNumber: z
    .string()
    .trim()
    .regex(/^\d{10}$/, 'Enter the 10-digit account number (NUBAN)'),
  password: z.string().min(1, 'Enter your password to confirm').max(200, 'That password is too long'),
});
export type TPayoutAccountInput = z.infer<typeof ZPayoutAccountInput>;

/** The saved account, as the member sees it: never the whole number. */
export const ZPayoutAccount = z.object({
  bankCode: z.string(),
  bankName: z.string(),
  accountNumberLast4: z.string(),
  accountName: z.string(),
  /** ISO 8601 while payouts wait after a change, else null. */
  payoutsHeldUntil: z.string().nullable(),
});
export type TPayoutAccount = z.infer<typeof ZPayoutAccount>;

/** GET /api/wallet/payout-account: null before one is set. */
export const ZPayoutAccountState = z.object({ account: ZPayoutAccount.nullable() });

export const ZPayoutInput = z.object({
  amountMinor: z
    .number({ error: 'Enter an amount in kobo' })
    .int('Enter a whole number of kobo')
    .min(PAYOUT_MIN_MINOR, 'The least you can withdraw is ₦1,000')
    .max(100_000_000_000, 'That amount is too large'),
});
export type TPayoutInput = z.infer<typeof ZPayoutInput>;

/** POST /api/wallet/payouts answers 201 with this. Example: `{ "id": "…", "amountMinor": 500000, "feeMinor": 1000, "status": "paid" }`. */
export const ZPayoutCreated = z.object({
  id: z.string(),
  amountMinor: z.number().int(),
  feeMinor: z.number().int(),
  status: z.enum(PAYOUT_STATUSES),
});

export const ZPayout = ZPayoutCreated.extend({
  failureReason: z.string().nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type TPayout = z.infer<typeof ZPayout>;

export const ZPayouts = z.object({ payouts: z.array(ZPayout) });
export type TPayouts = z.infer<typeof ZPayouts>;
