import { count, eq, sql } from 'drizzle-orm';
import type { MemberActivity } from '../admin/admin-members.service';
import { utcDay, type DailySource } from '../admin/admin-stats';
import { mentorSubscriptions } from './mentorship.table';
import { mentorSessions } from './sessions.table';

/**
 * The mentorship area in the admin console (issue 16): sessions held by UTC day (one grouped
 * query over an index of the custom migration admin_figures_custom) and a member's mentorship
 * activity. Mentorship revenue is a payments figure (payments-admin-queue.ts): it is paid
 * through the payments area's purchase kinds.
 */

/** Sessions held: completed with both people there (neither a no-show), by the day they started. */
export const sessionsHeldFigures: DailySource = {
  series: [{ key: 'sessionsHeld', label: 'Mentorship sessions held', unit: 'count' }],
  query: (tx, from, to) =>
    tx
      .select({ day: utcDay(mentorSessions.startAt), sessionsHeld: sql<number>`count(*)::int` })
      .from(mentorSessions)
      .where(
        sql`${mentorSessions.status} = 'completed' and ${mentorSessions.startAt} >= ${from} and ${mentorSessions.startAt} < ${to}
          and ${mentorSessions.mentorNoShow} is not true and ${mentorSessions.menteeNoShow} is not true`,
      )
      .groupBy(sql`1`),
};

export const mentorshipActivity: MemberActivity[] = [
  {
    label: 'Mentorship sessions as mentor',
    async count(userId, tx) {
      const [row] = await tx.select({ n: count() }).from(mentorSessions).where(eq(mentorSessions.mentorId, userId));
      return row?.n ?? 0;
    },
  },
  {
    label: 'Mentorship sessions as mentee',
    async count(userId, tx) {
      const [row] = await tx.select({ n: count() }).from(mentorSessions).where(eq(mentorSessions.menteeId, userId));
      return row?.n ?? 0;
    },
  },
  {
    label: 'Mentorship subscriptions taken',
    async count(userId, tx) {
      const [row] = await tx.select({ n: count() }).from(mentorSubscriptions).where(eq(mentorSubscriptions.menteeId, userId));
      return row?.n ?? 0;
    },
  },
];
