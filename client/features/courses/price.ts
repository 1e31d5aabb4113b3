import { ZMinorUnits } from '#shared/money';

/**
 * Tutors type prices in naira ("15,000" or "2500.50"); the API stores kobo. Commas, spaces and a
 * leading ₦ are allowed; at most two decimals, because a kobo is the smallest unit.
 * Answers null when the text is not a price.
 */
export function nairaToKobo(text: string): number | null {
  const cleaned = text.trim().replace(/^₦/, '').replace(/[,\s]/g, '');
  if (cleaned === '') return 0;
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  // Whole and fraction apart, never `parseFloat(x) * 100`: 19.99 * 100 is 1998.9999999999998.
  const kobo = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(kobo) ? kobo : null;
}

/** Kobo back to what the field shows: 1500000 → "15000", 250050 → "2500.50", 0 → "0". */
export function koboToNaira(minor: number): string {
  const whole = Math.trunc(minor / 100);
  const fraction = minor % 100;
  return fraction === 0 ? String(whole) : `${whole}.${String(fraction).padStart(2, '0')}`;
}

/** The form's message for a price field, or undefined when the text is a valid price. */
export function priceError(text: string): string | undefined {
  const kobo = nairaToKobo(text);
  if (kobo === null) return 'Enter the price in naira, e.g. 15000 or 2500.50';
  const checked = ZMinorUnits.safeParse(kobo);
  return checked.success ? undefined : checked.error.issues[0]?.message;
}
