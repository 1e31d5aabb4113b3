import { z } from 'zod';

/** Money is integer minor units (kobo for NGN) with an ISO currency (docs/product.md "Money"). */
export const CURRENCIES = ['NGN', 'USD'] as const;
export const ZCurrency = z.enum(CURRENCIES);
export type TCurrency = z.infer<typeof ZCurrency>;

export const ZMinorUnits = z
  .number({ error: 'Enter a price' })
  .int('Enter the price in whole kobo')
  .min(0, 'The price cannot be negative')
  .max(100_000_000_00, 'The price is too high');

/** "₦15,000" / "Free": shown with Intl.NumberFormat('en-NG'). */
export function formatMoney(minor: number, currency: TCurrency = 'NGN'): string {
  if (minor === 0) return 'Free';
  return new Intl.NumberFormat('en-NG', {
    style: 'currency',
    currency,
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  }).format(minor / 100);
}
