import { asc, eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { mentorAvailability, mentorAvailabilityOverrides, mentorSessionFlags, mentorSessions } from './sessions.table';

/*
 * Decision 032's part of "Download my data" and "Delete my account" (decision 020), registered in
 * mentorship's module (index.ts) as the 'mentorship-sessions' area.
 */

/** The member's schedule, date overrides, sessions on either side, and any no-show flag. */
export async function exportMentorSessions(userId: string, tx: DbOrTx) {
  const [availability] = await tx.select().from(mentorAvailability).where(eq(mentorAvailability.mentorId, userId));
  const overrides = await tx
    .select({ date: mentorAvailabilityOverrides.date, kind: mentorAvailabilityOverrides.kind, start: mentorAvailabilityOverrides.start, end: mentorAvailabilityOverrides.end })
    .from(mentorAvailabilityOverrides)
    .where(eq(mentorAvailabilityOverrides.mentorId, userId))
    .orderBy(asc(mentorAvailabilityOverrides.date));
  const sessions = await tx
    .select({
      id: mentorSessions.id,
      mentorId: mentorSessions.mentorId,
      subscriptionId: mentorSessions.subscriptionId,
      startAt: mentorSessions.startAt,
      endAt: mentorSessions.endAt,
      status: mentorSessions.status,
      countsAsUsed: mentorSessions.countsAsUsed,
      cancelledAt: mentorSessions.cancelledAt,
      mentorNoShow: mentorSessions.mentorNoShow,
      menteeNoShow: mentorSessions.menteeNoShow,
    })
    .from(mentorSessions)
    .where(or(eq(mentorSessions.mentorId, userId), eq(mentorSessions.menteeId, userId)))
    .orderBy(asc(mentorSessions.startAt));
  const flags = await tx
    .select({ flaggedAt: mentorSessionFlags.flaggedAt, noShows: mentorSessionFlags.noShows, clearedAt: mentorSessionFlags.clearedAt })
    .from(mentorSessionFlags)
    .where(eq(mentorSessionFlags.mentorId, userId));
  return {
    availability: availability
      ? { timeZone: availability.timeZone, weekly: availability.weekly, bufferMinutes: availability.bufferMinutes, minNoticeHours: availability.minNoticeHours, horizonDays: availability.horizonDays }
      : null,
    overrides,
    sessions: sessions.map(({ mentorId, ...s }) => ({ ...s, role: mentorId === userId ? 'mentor' : 'mentee' })),
    flags,
  };
}

/**
 * Everything of the member's here goes: a session names both people, and the other side keeps
 * no record of a former member's sessions (their reminders then find nothing and do nothing).
 * Cancelled-by marks on others' sessions go too.
 */
export async function eraseMentorSessions(userId: string, tx: DbOrTx): Promise<void> {
  await tx.update(mentorSessions).set({ cancelledBy: null }).where(eq(mentorSessions.cancelledBy, userId));
  await tx.delete(mentorSessions).where(or(eq(mentorSessions.mentorId, userId), eq(mentorSessions.menteeId, userId)));
  await tx.delete(mentorAvailabilityOverrides).where(eq(mentorAvailabilityOverrides.mentorId, userId));
  await tx.delete(mentorAvailability).where(eq(mentorAvailability.mentorId, userId));
  await tx.delete(mentorSessionFlags).where(eq(mentorSessionFlags.mentorId, userId));
}
