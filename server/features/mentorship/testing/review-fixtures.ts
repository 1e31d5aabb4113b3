import type { Harness } from '#server/test/harness';
import type { Actor } from '#server/features/courses/testing/course-fixtures';
import { mentorSessions } from '../sessions/sessions.table';

const HOUR = 3_600_000;

/**
 * A past session of the subscription, inserted as the attendance check leaves it: held when both
 * came, or with a no-show (which gives nothing to review).
 */
export async function pastSession(
  h: Harness,
  mentor: Actor,
  mentee: Actor,
  subscriptionId: string,
  over: { noShow?: 'mentor' | 'mentee'; daysAgo?: number } = {},
) {
  const startAt = new Date(h.clock.now.getTime() - (over.daysAgo ?? 1) * 24 * HOUR);
  await h.app.database.db.insert(mentorSessions).values({
    mentorId: mentor.user.id,
    menteeId: mentee.user.id,
    subscriptionId,
    startAt,
    endAt: new Date(startAt.getTime() + HOUR),
    status: 'completed',
    mentorNoShow: over.noShow === 'mentor',
    menteeNoShow: over.noShow === 'mentee',
  });
}
