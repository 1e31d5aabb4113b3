/**
 * Wall time in an IANA zone <-> UTC instants, with the platform's Intl only (decision 032: no
 * dependency in package.json does this; luxon is only a transitive one of pg-boss). Tested
 * across daylight saving (zoned-time.test.ts): a local time that does not exist (the spring gap)
 * moves forward by the gap; one that exists twice (the autumn repeat) is the earlier instant.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function isTimeZone(tz: string): boolean {
  try {
    formatter(tz);
    return true;
  } catch {
    return false;
  }
}

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall clock in `timeZone` at this instant. */
export function wallTime(instant: Date, timeZone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** The zone's offset from UTC at this instant, in milliseconds (Lagos: +3 600 000). */
export function offsetAt(instant: Date, timeZone: string): number {
  const w = wallTime(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** 'YYYY-MM-DD' of the instant in the zone. */
export function localDate(instant: Date, timeZone: string): string {
  const w = wallTime(instant, timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

/** The UTC instant of a local date ('YYYY-MM-DD') and time ('HH:MM', '24:00' is the next midnight) in the zone. */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const guess = Date.UTC(y, m - 1, d, hh, mm);
  // The offsets a day either side: at most one change lies between them.
  const before = offsetAt(new Date(guess - DAY), timeZone);
  const after = offsetAt(new Date(guess + DAY), timeZone);
  const fits = [guess - before, guess - after].filter((t) => t + offsetAt(new Date(t), timeZone) === guess);
  if (fits.length > 0) return new Date(Math.min(...fits));
  // In the gap: the wall time read with the offset before the change, i.e. moved forward by the gap.
  return new Date(guess - before);
}

/** The wall time of an instant in the zone as a datetime-local input holds it: 'YYYY-MM-DDTHH:MM'. */
export function localDateTime(instant: Date, timeZone: string): string {
  const w = wallTime(instant, timeZone);
  return `${localDate(instant, timeZone)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** The UTC instant of a datetime-local value ('YYYY-MM-DDTHH:MM') read in the zone. */
export function zonedDateTime(value: string, timeZone: string): Date {
  const [date = '', time = ''] = value.split('T');
  return zonedInstant(date, time.slice(0, 5), timeZone);
}

const DAY = 86_400_000;

/** The day after a 'YYYY-MM-DD' date (calendar arithmetic, no zone). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** 0 = Sunday, as Date#getDay. */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** 'HH:MM' to minutes since midnight. */
export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

const pad = (n: number) => String(n).padStart(2, '0');
