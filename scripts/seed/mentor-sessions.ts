import type { AllServices } from '#server/platform/module';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type { TAvailabilityInput, TOverrideInput } from '#shared/mentorship/sessions.schemas';

const DAY = 86_400_000;
const MINUTE = 60_000;

type Rule = [weekdays: number[], start: string, end: string];

/** Each mentor's week in their own zone, a buffer, and date overrides a few days ahead (days from today). */
const SCHEDULES: Record<string, { timeZone: string; rules: Rule[]; bufferMinutes: number; overrides: Array<[inDays: number, kind: 'off'] | [inDays: number, kind: 'extra', start: string, end: string]> }> = {
  folake: { timeZone: 'Africa/Lagos', rules: [[[1, 2, 3, 4, 5], '18:00', '21:00']], bufferMinutes: 15, overrides: [[6, 'off'], [7, 'extra', '10:00', '12:00']] },
  kelechi: { timeZone: 'Africa/Lagos', rules: [[[2, 4], '17:00', '20:00'], [[6], '10:00', '14:00']], bufferMinutes: 0, overrides: [[9, 'extra', '15:00', '18:00']] },
  zainab: { timeZone: 'Africa/Lagos', rules: [[[1, 3, 5], '12:00', '15:00']], bufferMinutes: 10, overrides: [[10, 'off']] },
  segun: { timeZone: 'Africa/Lagos', rules: [[[1, 2, 3, 4, 5, 6], '08:00', '10:00']], bufferMinutes: 0, overrides: [] },
  amaka: { timeZone: 'Europe/London', rules: [[[1, 2, 3, 4], '19:00', '21:30']], bufferMinutes: 5, overrides: [[8, 'off']] },
  yusuf: { timeZone: 'Africa/Lagos', rules: [[[0, 6], '09:00', '13:00'], [[3], '19:00', '21:00']], bufferMinutes: 10, overrides: [[12, 'extra', '18:00', '20:00']] },
};

/** Weekly schedules and overrides for the seeded mentors, as each would set them on the dashboard. */
export async function seedSchedules(services: AllServices, mentors: TUser[]): Promise<void> {
  const { mentorAvailability } = services;
  for (const mentor of mentors) {
    const s = SCHEDULES[mentor.username];
    if (!s) continue;
    const input: TAvailabilityInput = {
      timeZone: s.timeZone,
      weekly: s.rules.flatMap(([days, start, end]) => days.map((weekday) => ({ weekday, start, end }))),
      bufferMinutes: s.bufferMinutes,
    };
    await mentorAvailability.put(mentor, input);
    for (const [inDays, kind, start, end] of s.overrides) {
      const date = new Date(Date.now() + inDays * DAY).toISOString().slice(0, 10);
      const override: TOverrideInput = kind === 'off' ? { kind, date } : { kind, date, start: start!, end: end! };
      await mentorAvailability.addOverride(mentor, override);
    }
  }
}

/**
 * Books the mentor's first free slot from `from` on, as the mentee would on the mentor's page, at
 * whatever time the seed's clock shows. Answers the session's id and start.
 */
export async function book(services: AllServices, mentee: TUser, mentorId: string, subscriptionId: string, from: Date): Promise<{ id: string; start: Date }> {
  const { mentorAvailability, mentorSessions } = services;
  const { slots } = await mentorAvailability.slots(mentee, mentorId, { from: from.toISOString(), to: new Date(from.getTime() + 7 * DAY).toISOString() });
  const slot = slots[0];
  if (!slot) throw new Error(`seed: no free slot for ${mentee.username} from ${from.toISOString()}`);
  const session = await mentorSessions.book(mentee, { subscriptionId, start: slot.start });
  return { id: session.id, start: new Date(slot.start) };
}

/**
 * A held session, as it happens: both people join the session's call a couple of minutes in,
 * the attendance check at start + 10 minutes marks it completed, and they leave at its end.
 */
export async function hold(services: AllServices, setClock: (at: Date) => Promise<void>, mentor: TUser, mentee: TUser, session: { id: string; start: Date }, minutes: number) {
  const { calls, mentorSessions } = services;
  await setClock(new Date(session.start.getTime() + 2 * MINUTE));
  const { room } = await calls.create(mentee, { source: { kind: 'session', id: session.id } });
  const seats = [await calls.join(mentee.id, room), await calls.join(mentor.id, room)];
  await setClock(new Date(session.start.getTime() + 11 * MINUTE));
  await mentorSessions.checkAttendance({ sessionId: session.id, startAt: session.start.toISOString() });
  await setClock(new Date(session.start.getTime() + minutes * MINUTE));
  for (const seat of seats) await calls.leave(room, seat.attendanceId);
}
