import { z } from 'zod';
import { defineJob, UNHURRIED } from '#server/queue/define-job';
import type { QueueService } from '#server/queue/queue.service';
import type { SessionsService } from './sessions.service';

const ZAt = z.object({ sessionId: z.uuid(), startAt: z.iso.datetime({ offset: true }) });

/**
 * Reminders 24 h and 15 min before a session, to both sides. Keyed by session and kind; moving or
 * cancelling the session cancels them and sends new ones. The payload carries the start it was
 * made for, and the handler does nothing when the session no longer starts then: a reminder
 * can never announce a time the session left (decision 032).
 */
export const sessionReminderJob = defineJob({
  name: 'mentorship.session-reminder',
  latencySeconds: UNHURRIED,
  schema: ZAt.extend({ kind: z.enum(['24h', '15m']) }),
  keyed: true,
});

/** Ten minutes after the start: attendance from the call's join records (no-shows, the mentor's flag). */
export const sessionAttendanceJob = defineJob({
  name: 'mentorship.session-attendance',
  latencySeconds: UNHURRIED,
  schema: ZAt,
  keyed: true,
});

export const reminderKey = (sessionId: string, kind: '24h' | '15m') => `session:${sessionId}:reminder-${kind}`;
export const attendanceKey = (sessionId: string) => `session:${sessionId}:attendance`;

export function registerSessionsJobs(jobs: QueueService, sessions: SessionsService) {
  jobs.handle(sessionReminderJob, (p) => sessions.remind(p));
  jobs.handle(sessionAttendanceJob, (p) => sessions.checkAttendance(p));
}
