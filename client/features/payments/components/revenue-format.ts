import { formatAmount, type TCurrency } from '#shared/money';
import { dateFormat, formatCurrency } from '#shared/format';

/** "2026-11" -> "Nov 2026" (the month is a calendar month, so no time zone may shift it). */
export function monthLabel(month: string, style: 'short' | 'long' = 'short'): string {
  const [y, m] = month.split('-').map(Number);
  if (!y || !m) return month;
  return dateFormat({ month: style, year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, 1)));
}

/** A chart axis's money: "₦15K", "₦1.2M". */
export function compactMoney(minor: number, currency: TCurrency): string {
  return formatCurrency(minor / 100, currency, { compact: true });
}

/** Like formatMoney, but a month without sales reads "₦0" in a table of figures, not "Free". */
export const tableMoney = (minor: number, currency: TCurrency): string => formatAmount(minor, currency);
