import { formatCalendarDate, LOCALE } from './format';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * docs/spec.md §9: under 1 h "Just now"; under 24 h "Nh ago"; then "Yesterday";
 * under 7 days "Nd ago"; otherwise the date.
 */
export function timeLabel(at: Date | string, now: Date = new Date()): string {
  const then = typeof at === 'string' ? new Date(at) : at;
  const elapsed = now.getTime() - then.getTime();
  if (elapsed < HOUR) return 'Just now';
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h ago`;
  if (elapsed < 2 * DAY) return 'Yesterday';
  if (elapsed < 7 * DAY) return `${Math.floor(elapsed / DAY)}d ago`;
  return formatCalendarDate(then);
}

/** The zone a member's times are shown in until they choose another (their profile setting). */
export const DEFAULT_ZONE = 'Africa/Lagos';

/** Whether the runtime's Intl knows `zone` as an IANA time zone. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat(LOCALE, { timeZone: zone });
    return zone.length > 0 && zone.length <= 64;
  } catch {
    return false;
  }
}

const zoned = new Map<string, Intl.DateTimeFormat>();
function zonedFormat(zone: string): Intl.DateTimeFormat {
  let f = zoned.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat(LOCALE, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: zone,
      timeZoneName: 'short',
    });
    zoned.set(zone, f);
  }
  return f;
}

/**
 * The one way a moment reads everywhere (member pages, admin, notifications, mail, exports):
 * "27 Nov 2026, 19:37 WAT", in the reader's zone with its short name. Built from parts so that
 * every runtime (Node's ICU, the browser's) writes the same string.
 */
export function formatDateTime(at: Date | string, zone: string = DEFAULT_ZONE): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(date.getTime())) return String(at);
  const tz = isTimeZone(zone) ? zone : DEFAULT_ZONE;
  const p = Object.fromEntries(
    zonedFormat(tz)
      .formatToParts(date)
      .map((x) => [x.type, x.value]),
  );
  return `${p.day} ${p.month} ${p.year}, ${p.hour}:${p.minute} ${p.timeZoneName}`;
}
