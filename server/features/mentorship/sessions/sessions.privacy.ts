import type { DbOrTx } from '#server/db/client';
import { sessionsPrivacyRepo } from '../mentorship-privacy.repo';

/*
 * Decision 032's part of "Download my data" and "Delete my account" (decision 020), registered in
 * mentorship's module (index.ts) as the 'mentorship-sessions' area.
 */

/** The member's schedule, date overrides, sessions on either side, and any no-show flag. */
export async function exportMentorSessions(userId: string, tx: DbOrTx) {
  const { availability, overrides, sessions, flags } = await sessionsPrivacyRepo.export(tx, userId);
  return {
    availability: availability
      ? {
          timeZone: availability.timeZone,
          weekly: availability.weekly,
          bufferMinutes: availability.bufferMinutes,
          minNoticeHours: availability.minNoticeHours,
          horizonDays: availability.horizonDays,
        }
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
export const eraseMentorSessions = (userId: string, tx: DbOrTx): Promise<void> => sessionsPrivacyRepo.erase(tx, userId);
