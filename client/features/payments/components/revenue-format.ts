import { formatAmount, type TCurrency } from '#shared/money';

/** "2026-11" -> "Nov 2026" (the month is a calendar month, so no time zone may shift it). */
export function monthLabel(month: string, style: 'short' | 'long' = 'short'): string {
  const [y, m] = month.split('-').map(Number);
  if (!y || !m) return month;
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleDateString('en-NG', {
    month: style,
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** A chart axis's money: "₦15K", "₦1.2M". */
export function compactMoney(minor: number, currency: TCurrency): string {
  return new Intl.NumberFormat('en-NG', {
    style: 'currency',
    currency,
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(minor / 100);
}

/** Like formatMoney, but a month without sales reads "₦0" in a table of figures, not "Free". */
export const tableMoney = (minor: number, currency: TCurrency): string => formatAmount(minor, currency);
