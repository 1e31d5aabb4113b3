import { z } from 'zod';

/** The earnings chart on /wallet covers this many calendar months, the current one last. */
export const EARNINGS_MONTHS = 12;

/**
 * The ledger posting kinds that earn a member money: a sale (course, mentor plan, renewal) and an
 * escrow milestone released to the talent (its posting kind, `milestone_release`, comes with the
 * escrow part of issue 27). Their credits to the member's pending or available balance are what
 * the chart counts; moves between the member's own buckets, returned payouts and adjustments are
 * not earnings.
 */
export const EARNING_KINDS = ['sale', 'milestone_release'] as const;

/** GET /api/wallet/earnings-by-month. Example: `{ "months": [{ "month": "2026-11", "earnedMinor": 1350000 }] }`. */
export const ZEarningsByMonth = z.object({
  months: z.array(z.object({ month: z.string(), earnedMinor: z.number().int() })),
});
export type TEarningsByMonth = z.infer<typeof ZEarningsByMonth>;

/** The CSV export's header row: amounts once in naira (two decimals) and once in kobo. */
export const WALLET_CSV_COLUMNS = ['Date (UTC)', 'Kind', 'Balance', 'Description', 'Amount (NGN)', 'Amount (kobo)'];

/** Kobo as naira with two decimals and no grouping, for a spreadsheet: -150050 → "-1500.50". */
export function nairaDecimal(minor: number): string {
  const abs = Math.abs(minor);
  return `${minor < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
