import type { TUser } from '#shared/accounts/accounts.schemas';
import {
  DEFAULT_TIME_ZONE,
  type TAvailability,
  type TAvailabilityInput,
  type TOverride,
  type TOverrideInput,
  type TSlots,
  type TSlotsQuery,
} from '#shared/mentorship/sessions.schemas';
import { addDays, localDate, zonedInstant } from '#shared/mentorship/zoned-time';
import { holdsRole } from '#shared/roles';
import type { Db, DbOrTx } from '#server/db/client';
import { AppError } from '#server/lib/errors';
import type { AccountsService } from '#server/features/accounts';
import { BUSY_REACH_MS, freeSlots, type Schedule } from './availability-slots';
import { type MentorOverrideRow, sessionsRepo } from '../sessions/sessions.repo';

const DAY = 86_400_000;
/** The longest range one slots request may ask for. */
const MAX_RANGE_DAYS = 62;

export const DEFAULT_SCHEDULE: Schedule = {
  timeZone: DEFAULT_TIME_ZONE,
  weekly: [],
  bufferMinutes: 0,
  minNoticeHours: 12,
  horizonDays: 30,
};

const presentOverride = (o: MentorOverrideRow): TOverride => ({
  id: o.id,
  date: o.date,
  kind: o.kind as TOverride['kind'],
  start: o.start,
  end: o.end,
});

export interface AvailabilityDeps {
  db: Db;
  accounts: AccountsService;
  now: () => Date;
}

/** Decision 032: a mentor's schedule and the free slots it gives. */
export function createAvailabilityService({ db, accounts, now }: AvailabilityDeps) {
  const notAMentor = () => new AppError('FORBIDDEN', 'Only mentors have a schedule. Apply to mentor first.');
  const noSuchMentor = () => new AppError('NOT_FOUND', 'There is no such mentor.');

  function assertMentor(user: TUser) {
    if (!holdsRole(user, 'mentor')) throw notAMentor();
  }

  async function scheduleOf(tx: DbOrTx, mentorId: string): Promise<Schedule> {
    const row = await sessionsRepo.availability(tx, mentorId);
    return row ?? DEFAULT_SCHEDULE;
  }

  /** Free slots of `mentorId` between two instants (sessions other than `exceptId` hold time). */
  async function slotsBetween(tx: DbOrTx, mentorId: string, from: Date, to: Date, minutes: number, exceptId?: string) {
    const schedule = await scheduleOf(tx, mentorId);
    const firstDate = addDays(localDate(from, schedule.timeZone), -1);
    const lastDate = addDays(localDate(to, schedule.timeZone), 1);
    const [overrides, busy] = await Promise.all([
      sessionsRepo.overrides(tx, mentorId, firstDate, lastDate),
      sessionsRepo.busy(
        tx,
        mentorId,
        from,
        new Date(to.getTime() + minutes * 60_000 + schedule.bufferMinutes * 60_000),
        BUSY_REACH_MS,
      ),
    ]);
    return freeSlots(schedule, overrides, exceptId ? busy.filter((b) => b.id !== exceptId) : busy, {
      from,
      to,
      now: now(),
      minutes,
    });
  }

  return {
    slotsBetween,
    scheduleOf,

    /** Whether a session of `minutes` may start at `start` now: a slot of the schedule, free. */
    async isFree(
      tx: DbOrTx,
      mentorId: string,
      start: Date,
      minutes: number,
      exceptId?: string,
    ): Promise<{ free: boolean; bufferMinutes: number }> {
      const schedule = await scheduleOf(tx, mentorId);
      const slots = await slotsBetween(tx, mentorId, start, new Date(start.getTime() + 1), minutes, exceptId);
      return { free: slots.some((s) => s.start.getTime() === start.getTime()), bufferMinutes: schedule.bufferMinutes };
    },

    async get(user: TUser): Promise<TAvailability> {
      assertMentor(user);
      const schedule = await scheduleOf(db, user.id);
      const overrides = await sessionsRepo.overrides(db, user.id, addDays(localDate(now(), schedule.timeZone), -1));
      return {
        timeZone: schedule.timeZone,
        weekly: schedule.weekly,
        bufferMinutes: schedule.bufferMinutes,
        minNoticeHours: schedule.minNoticeHours,
        horizonDays: schedule.horizonDays,
        overrides: overrides.map(presentOverride),
      };
    },

    async put(user: TUser, input: TAvailabilityInput): Promise<TAvailability> {
      assertMentor(user);
      const weekly = [...input.weekly].sort((a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start));
      await sessionsRepo.saveAvailability(db, {
        mentorId: user.id,
        timeZone: input.timeZone,
        weekly,
        bufferMinutes: input.bufferMinutes,
        minNoticeHours: input.minNoticeHours,
        horizonDays: input.horizonDays,
        updatedAt: now(),
      });
      return this.get(user);
    },

    async addOverride(user: TUser, input: TOverrideInput): Promise<TOverride> {
      assertMentor(user);
      const row = await sessionsRepo.addOverride(db, {
        mentorId: user.id,
        date: input.date,
        kind: input.kind,
        start: input.kind === 'extra' ? input.start : null,
        end: input.kind === 'extra' ? input.end : null,
        createdAt: now(),
      });
      return presentOverride(row);
    },

    async removeOverride(user: TUser, id: string): Promise<void> {
      assertMentor(user);
      if (!(await sessionsRepo.removeOverride(db, user.id, id)))
        throw new AppError('NOT_FOUND', 'There is no such date override.');
    },

    /** `GET /api/mentors/{id}/slots`: dates are read in the viewer's zone `tz`; answers instants. */
    async slots(viewer: TUser | null, mentorId: string, q: TSlotsQuery): Promise<TSlots> {
      const mentor = await accounts.findById(mentorId);
      if (!mentor || mentor.deletedAt || !holdsRole(mentor, 'mentor')) throw noSuchMentor();
      const tz = q.tz ?? DEFAULT_TIME_ZONE;
      const from = q.from ? (q.from.length === 10 ? zonedInstant(q.from, '00:00', tz) : new Date(q.from)) : now();
      const to = q.to
        ? q.to.length === 10
          ? zonedInstant(q.to, '24:00', tz)
          : new Date(q.to)
        : new Date(from.getTime() + 7 * DAY);
      if (to <= from)
        throw new AppError('VALIDATION_FAILED', 'The range must end after it starts.', { to: 'Must be after from' });
      if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * DAY) {
        throw new AppError('VALIDATION_FAILED', `Ask for at most ${MAX_RANGE_DAYS} days at a time.`, {
          to: `At most ${MAX_RANGE_DAYS} days after from`,
        });
      }
      const own = viewer && (await sessionsRepo.liveSubscriptionOf(db, viewer.id, mentorId));
      const minutes = q.minutes ?? own?.sessionMinutes ?? (await sessionsRepo.shortestPlanMinutes(db, mentorId)) ?? 30;
      const slots = await slotsBetween(db, mentorId, from, to, minutes);
      return {
        slots: slots.map((s) => ({ start: s.start.toISOString(), end: s.end.toISOString() })),
        timeZone: tz,
        minutes,
      };
    },
  };
}

export type AvailabilityService = ReturnType<typeof createAvailabilityService>;
