import { z } from 'zod';

/**
 * Where a member's money sits (issue 27): earned but refundable, theirs to withdraw, funded into
 * escrow, gone to their bank; and `owed`, what a late refund took beyond their balance, kept at or
 * below zero and paid back from their next earnings (decision 065).
 */
export const WALLET_BUCKETS = ['pending', 'available', 'held', 'paid_out', 'owed'] as const;
export type TWalletBucket = (typeof WALLET_BUCKETS)[number];

/**
 * What moved a member's money, one per ledger posting kind that touches a wallet:
 * `sale` a course or mentorship payment earned (pending), `sale_cleared` its refund window closed
 * (pending → available), `refund` a buyer's refund took back what it must, `payout` a withdrawal
 * left available for the bank, `payout_paid` it arrived (paid out), `payout_failed` it came back;
 * gig escrow (decision 060): `escrow_funded` a poster paid a milestone into escrow (held),
 * `milestone_release` it was released (the poster's held → the talent's available, less the fee),
 * `escrow_refund` it went back to the poster's payment (held); `debt_recovered` a credit paid back
 * what a refund left owed (available → owed, decision 065).
 */
export const WALLET_ENTRY_KINDS = [
  'sale',
  'sale_cleared',
  'refund',
  'payout',
  'payout_paid',
  'payout_failed',
  'adjustment',
  'escrow_funded',
  'milestone_release',
  'escrow_refund',
  'debt_recovered',
] as const;
export type TWalletEntryKind = (typeof WALLET_ENTRY_KINDS)[number];

/** Days a sale's earnings stay pending: the refund window (PRODUCT.md, "Money out"). */
export const PENDING_DAYS = 7;

/**
 * GET /api/wallet. Example: `{ "currency": "NGN", "availableMinor": 2250000, "pendingMinor": 0,
 * "heldMinor": 0, "paidOutMinor": 0, "owedMinor": 0 }`. `owedMinor` (zero or more): what the member
 * owes the platform after a refund larger than their balance, paid back from their next earnings.
 */
export const ZWallet = z.object({
  currency: z.literal('NGN'),
  availableMinor: z.number().int(),
  pendingMinor: z.number().int(),
  heldMinor: z.number().int(),
  paidOutMinor: z.number().int(),
  owedMinor: z.number().int(),
});
export type TWallet = z.infer<typeof ZWallet>;

/** One line of a member's wallet: `amountMinor` is signed (a credit is positive), in kobo. */
export const ZWalletEntry = z.object({
  id: z.string(),
  kind: z.enum(WALLET_ENTRY_KINDS),
  amountMinor: z.number().int(),
  bucket: z.enum(WALLET_BUCKETS),
  /** ISO 8601, e.g. "2026-11-27T19:15:00.000Z". */
  createdAt: z.string(),
  description: z.string(),
});
export type TWalletEntry = z.infer<typeof ZWalletEntry>;

export const WALLET_PAGE_SIZE = 20;

export const ZWalletEntries = z.object({
  entries: z.array(ZWalletEntry),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TWalletEntries = z.infer<typeof ZWalletEntries>;

/** GET /api/wallet/entries?page=1 */
export const ZWalletEntriesQuery = z.object({
  page: z.coerce
    .number({ error: 'page must be a whole number' })
    .int('page must be a whole number')
    .min(1, 'page must be at least 1')
    .max(10_000, 'page must be at most 10000')
    .default(1),
});
