import { DEFAULT_ZONE, formatDateTime as formatIn } from '#shared/time-label';
import { formatCalendarDate } from '#shared/format';

/** Dates as people in Nigeria write them (the product's first audience), e.g. "21 Nov 2026". */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return formatCalendarDate(date, displayZone);
}

/*
 * The signed-in member's zone (their profile setting), set by the root layout as the user loads:
 * every screen then reads moments as their notifications and mails do, without each component
 * asking for the user.
 */
let displayZone = DEFAULT_ZONE;
export function setDisplayZone(zone: string | undefined): void {
  displayZone = zone ?? DEFAULT_ZONE;
}

/** A moment, the one way every screen writes it: "27 Nov 2026, 19:37 WAT" (shared/time-label.ts). */
export function formatDateTime(iso: string): string {
  return formatIn(iso, displayZone);
}

/** A calendar day as stored ("2026-12-01"), written like formatDate; no zone can move it to another day. */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return formatCalendarDate(date, 'UTC');
}
