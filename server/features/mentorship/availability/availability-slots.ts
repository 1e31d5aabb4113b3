import { addDays, localDate, minutesOf, weekdayOf, zonedInstant } from '#shared/mentorship/zoned-time';
import type { WeeklyRule } from '../sessions/sessions.repo';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface Schedule {
  timeZone: string;
  weekly: WeeklyRule[];
  bufferMinutes: number;
  minNoticeHours: number;
  horizonDays: number;
}

export interface OverrideDay {
  date: string;
  kind: string;
  start: string | null;
  end: string | null;
}

/** A session that holds time: [start, end + buffer). */
export interface Busy {
  id?: string;
  startAt: Date;
  endAt: Date;
  bufferMinutes: number;
}

export interface SlotWindow {
  from: Date;
  to: Date;
  now: Date;
  minutes: number;
}

/**
 * The free slots of a schedule between two instants (decision 032), as a pure function:
 * each local date of the mentor's zone gets its weekly windows (none on a day off, plus extra
 * hours), cut into slots of the session's length from each window's start; a slot survives when
 * it respects the notice and the horizon and its blocked range [start, end + buffer) meets no
 * booked session's [start, end + its buffer): the same rule the database's exclusion
 * constraint enforces, so a slot shown is a slot the database takes. `busy` sorted by start.
 */
export function freeSlots(
  schedule: Schedule,
  overrides: OverrideDay[],
  busy: Busy[],
  w: SlotWindow,
): { start: Date; end: Date }[] {
  const length = w.minutes * MINUTE;
  const earliest = Math.max(w.from.getTime(), w.now.getTime() + schedule.minNoticeHours * HOUR);
  const latest = Math.min(w.to.getTime(), w.now.getTime() + schedule.horizonDays * DAY);
  if (latest <= earliest) return [];
  const buffer = schedule.bufferMinutes * MINUTE;
  const byDate = new Map<string, OverrideDay[]>();
  for (const o of overrides) byDate.set(o.date, [...(byDate.get(o.date) ?? []), o]);

  const candidates: number[] = [];
  const lastDate = localDate(new Date(latest), schedule.timeZone);
  for (let date = localDate(new Date(earliest), schedule.timeZone); date <= lastDate; date = addDays(date, 1)) {
    const todays = byDate.get(date) ?? [];
    if (todays.some((o) => o.kind === 'off')) continue;
    const windows = [
      ...schedule.weekly.filter((r) => r.weekday === weekdayOf(date)),
      ...todays.filter((o) => o.kind === 'extra' && o.start && o.end).map((o) => ({ start: o.start!, end: o.end! })),
    ];
    for (const win of windows) {
      if (minutesOf(win.end) <= minutesOf(win.start)) continue;
      const opens = zonedInstant(date, win.start, schedule.timeZone).getTime();
      const closes = zonedInstant(date, win.end, schedule.timeZone).getTime();
      for (let s = opens; s + length <= closes; s += length) {
        if (s >= earliest && s < latest) candidates.push(s);
      }
    }
  }
  candidates.sort((a, b) => a - b);

  const slots: { start: Date; end: Date }[] = [];
  let seen = -1;
  let first = 0;
  for (const s of candidates) {
    if (s === seen) continue; // a weekly window and extra hours that overlap
    seen = s;
    const blockEnd = s + length + buffer;
    // Sessions are sorted by start; skip those that end (with their buffer) before this slot.
    while (first < busy.length && busy[first]!.endAt.getTime() + busy[first]!.bufferMinutes * MINUTE <= s) first++;
    let free = true;
    for (let i = first; i < busy.length; i++) {
      const b = busy[i]!;
      const bStart = b.startAt.getTime();
      if (bStart >= blockEnd) break;
      if (b.endAt.getTime() + b.bufferMinutes * MINUTE > s) {
        free = false;
        break;
      }
    }
    if (free) slots.push({ start: new Date(s), end: new Date(s + length) });
  }
  return slots;
}

/**
 * The sweep's pointer may only pass a session once no later slot can meet it: sessions last at
 * most an hour and buffers at most 4 hours, so anything ending this long before a slot is done.
 */
const MAX_SESSION_SPAN = 5 * HOUR;
/** How far before a range a booked session (with its buffer) can still reach into it. */
export const BUSY_REACH_MS = MAX_SESSION_SPAN;
