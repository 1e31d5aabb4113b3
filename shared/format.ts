/**
 * The one way numbers, money and dates are written (decision 075): en-NG, so amounts read
 * "₦25,000" and dates "27 Nov 2026" on every screen. A second locale later replaces LOCALE
 * with the member's; nothing else names a locale.
 */
export const LOCALE = 'en-NG';

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** Formatters are costly to make and used in long lists: one per set of options. */
export function numberFormat(options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = JSON.stringify(options);
  let f = numberFormats.get(key);
  if (!f) numberFormats.set(key, (f = new Intl.NumberFormat(LOCALE, options)));
  return f;
}

export function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let f = dateFormats.get(key);
  if (!f) dateFormats.set(key, (f = new Intl.DateTimeFormat(LOCALE, options)));
  return f;
}

/** "25,000". */
export const formatNumber = (n: number): string => numberFormat().format(n);

/** "1 lesson", "2,000 lessons". */
export const plural = (n: number, one: string, many = `${one}s`): string =>
  `${formatNumber(n)} ${n === 1 ? one : many}`;

/**
 * An amount in major units: "₦25,000", "₦2,500.50" (kobo shown when there are any), or for
 * axes and large figures "₦1.2M" (`compact`). `whole` drops kobo (salaries, chart figures).
 */
export function formatCurrency(
  major: number,
  currency: string,
  { whole = false, compact = false }: { whole?: boolean; compact?: boolean } = {},
): string {
  const cents = !whole && !compact && Math.round(major * 100) % 100 !== 0;
  return numberFormat({
    style: 'currency',
    currency,
    notation: compact ? 'compact' : 'standard',
    minimumFractionDigits: cents ? 2 : 0,
    maximumFractionDigits: compact ? 1 : cents ? 2 : 0,
  }).format(major);
}

/** "27 Nov 2026" in `timeZone` (the member's zone; UTC for a calendar day stored as a date). */
export const formatCalendarDate = (date: Date, timeZone?: string): string =>
  dateFormat({ day: 'numeric', month: 'short', year: 'numeric', timeZone }).format(date);
