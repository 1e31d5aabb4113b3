import { z } from 'zod';

/** Fields the gig, bid and milestone schemas share: amounts in whole minor units, calendar dates. */

export const ZAmount = (what: string) =>
  z
    .number({ error: `Enter ${what}` })
    .int(`Enter ${what} in whole kobo`)
    .min(1, `${what[0]!.toUpperCase()}${what.slice(1)} must be more than zero`)
    // ₦10,000,000 (or $10,000,000): the column is a 32-bit integer.
    .max(1_000_000_000, `${what[0]!.toUpperCase()}${what.slice(1)} is too high`);

/** A calendar day, "2026-12-24". */
export const ZDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date')
  .refine((d) => {
    const t = Date.parse(`${d}T00:00:00Z`);
    return Number.isFinite(t) && new Date(t).toISOString().startsWith(d) && d >= '2000-01-01' && d <= '2100-12-31';
  }, 'Enter a real date');
