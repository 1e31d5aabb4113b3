import { formatMoney, type TCurrency } from '#shared/money';
import { dateFormat } from '#shared/format';

/** "₦20,000 / month" or "Free". */
export const monthly = (minor: number, currency: TCurrency) =>
  minor === 0 ? 'Free' : `${formatMoney(minor, currency)} / month`;

/** "24 Nov 2026" in West Africa Time. */
export const dateLabel = (iso: string) =>
  dateFormat({ dateStyle: 'medium', timeZone: 'Africa/Lagos' }).format(new Date(iso));

/** "Tue, 3 Mar, 09:00" in the time zone `tz`: a session's or a free time's start. */
export const dayTimeLabel = (iso: string, tz: string) =>
  dateFormat({
    timeZone: tz,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));

export const STATUS_LABELS: Record<string, string> = {
  trialing: 'Free trial',
  active: 'Active',
  past_due: 'Payment due',
  paused: 'Paused',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

/** Naira typed ("20,000" or "2500.50") to kobo; null when it is not a price. */
export function nairaToKobo(text: string): number | null {
  const cleaned = text.trim().replace(/^₦/, '').replace(/[,\s]/g, '');
  if (cleaned === '') return 0;
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const kobo = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(kobo) ? kobo : null;
}

export const koboToNaira = (minor: number) => (minor % 100 === 0 ? String(minor / 100) : (minor / 100).toFixed(2));
