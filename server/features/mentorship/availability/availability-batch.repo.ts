import { and, asc, gte, inArray, lt, lte, ne } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { mentorAvailability, mentorAvailabilityOverrides, mentorSessions } from '../sessions/sessions.table';

/**
 * The slot engine's inputs for many mentors at once: three statements whatever the number of
 * mentors, for the directory's "available this week" filter.
 */
export const availabilityBatchRepo = {
  schedules(db: DbOrTx, mentorIds: string[]) {
    return db.select().from(mentorAvailability).where(inArray(mentorAvailability.mentorId, mentorIds));
  },

  overrides(db: DbOrTx, mentorIds: string[], fromDate: string, toDate: string) {
    return db
      .select()
      .from(mentorAvailabilityOverrides)
      .where(
        and(
          inArray(mentorAvailabilityOverrides.mentorId, mentorIds),
          gte(mentorAvailabilityOverrides.date, fromDate),
          lte(mentorAvailabilityOverrides.date, toDate),
        ),
      );
  },

  /** Live sessions that may reach into [from, to), sorted by start as freeSlots wants them. */
  busy(db: DbOrTx, mentorIds: string[], from: Date, to: Date) {
    return db
      .select({
        mentorId: mentorSessions.mentorId,
        startAt: mentorSessions.startAt,
        endAt: mentorSessions.endAt,
        bufferMinutes: mentorSessions.bufferMinutes,
      })
      .from(mentorSessions)
      .where(
        and(
          inArray(mentorSessions.mentorId, mentorIds),
          ne(mentorSessions.status, 'cancelled'),
          gte(mentorSessions.startAt, from),
          lt(mentorSessions.startAt, to),
        ),
      )
      .orderBy(asc(mentorSessions.startAt));
  },
};
