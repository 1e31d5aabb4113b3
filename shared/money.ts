import { z } from 'zod';
import { formatCurrency } from './format';

/** Money is integer minor units (kobo for NGN) with an ISO currency (docs/product.md "Money"). */
export const CURRENCIES = ['NGN', 'USD'] as const;
export const ZCurrency = z.enum(CURRENCIES);
export type TCurrency = z.infer<typeof ZCurrency>;

export const ZMinorUnits = z
  .number({ error: 'Enter a price' })
  .int('Enter the price in whole kobo')
  .min(0, 'The price cannot be negative')
  .max(100_000_000_00, 'The price is too high');

/** "₦15,000", "₦2,500.50", "₦0": the amount as a figure (shared/format.ts); kobo, when there are any, as two digits. */
export function formatAmount(minor: number, currency: TCurrency = 'NGN'): string {
  return formatCurrency(minor / 100, currency);
}

/** "₦15,000" / "Free": a price. */
export function formatMoney(minor: number, currency: TCurrency = 'NGN'): string {
  return minor === 0 ? 'Free' : formatAmount(minor, currency);
}
