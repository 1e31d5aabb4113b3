import { formatMoney, type TCurrency } from '#shared/money';
import type { TGigSummary } from '#shared/talent/talent.schemas';

/** "₦20,000–₦50,000" or "₦5,000–₦8,000 an hour". */
export function formatBudget(gig: Pick<TGigSummary, 'budgetMin' | 'budgetMax' | 'budgetType' | 'currency'>): string {
  const range =
    gig.budgetMin === gig.budgetMax
      ? formatMoney(gig.budgetMin, gig.currency)
      : `${formatMoney(gig.budgetMin, gig.currency)}–${formatMoney(gig.budgetMax, gig.currency)}`;
  return gig.budgetType === 'hourly' ? `${range} an hour` : range;
}

export const money = (minor: number, currency: TCurrency) => formatMoney(minor, currency);

/** Naira (or dollars) as typed, to minor units; NaN when it is not a number. */
export const toMinor = (typed: string) =>
  /^\d{1,8}(\.\d{1,2})?$/.test(typed.trim()) ? Math.round(Number(typed.trim()) * 100) : Number.NaN;

export function formatRating(rating: number | null, count?: number): string {
  if (rating === null) return 'No reviews yet';
  return `${rating.toFixed(1)} ★${count !== undefined ? ` (${count})` : ''}`;
}
