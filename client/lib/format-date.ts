import { formatCalendarDate } from '#shared/format';
import { formatDateTime as formatIn } from '#shared/time-label';
import { getDisplayZone } from './display-zone';

export { setDisplayZone } from './display-zone';

/** Dates as people in Nigeria write them (the product's first audience), e.g. "21 Nov 2026". */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return formatCalendarDate(date, getDisplayZone());
}

/** A moment, the one way every screen writes it: "27 Nov 2026, 19:37 WAT" (shared/time-label.ts). */
export function formatDateTime(iso: string): string {
  return formatIn(iso, getDisplayZone());
}

/** A calendar day as stored ("2026-12-01"), written like formatDate; no zone can move it to another day. */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return formatCalendarDate(date, 'UTC');
}
