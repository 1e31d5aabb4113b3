import { and, asc, count, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { utcDay } from '#server/db/utc-day';
import { people } from '../accounts';
import { mentorApplications, mentorSubscriptions } from './mentorship.table';
import { mentorSessionFlags, mentorSessions } from './sessions/sessions.table';

/** Admins see every applicant and mentor by name, hidden ones too (decision 013). */
const applicant = people('applicant');
const mentor = people('mentor');

/** What the admin console reads of mentorship: its two queues, the overview's figure, a member's activity. */
export const mentorshipAdminRepo = {
  async pendingApplications(db: DbOrTx): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(mentorApplications)
      .where(eq(mentorApplications.status, 'pending'));
    return row?.n ?? 0;
  },

  pendingApplicationsPage: (db: DbOrTx, page: { limit: number; offset: number }) =>
    db
      .select({
        id: mentorApplications.id,
        userId: mentorApplications.userId,
        name: applicant.fullName,
        bio: mentorApplications.bio,
        years: mentorApplications.yearsExperience,
        expertise: mentorApplications.expertise,
        createdAt: mentorApplications.createdAt,
      })
      .from(mentorApplications)
      .innerJoin(applicant, eq(applicant.id, mentorApplications.userId))
      .where(eq(mentorApplications.status, 'pending'))
      .orderBy(asc(mentorApplications.createdAt), asc(mentorApplications.id))
      .limit(page.limit)
      .offset(page.offset),

  async openFlags(db: DbOrTx): Promise<number> {
    const [row] = await db.select({ n: count() }).from(mentorSessionFlags).where(isNull(mentorSessionFlags.clearedAt));
    return row?.n ?? 0;
  },

  openFlagsPage: (db: DbOrTx, page: { limit: number; offset: number }) =>
    db
      .select({
        mentorId: mentorSessionFlags.mentorId,
        name: mentor.fullName,
        noShows: mentorSessionFlags.noShows,
        flaggedAt: mentorSessionFlags.flaggedAt,
      })
      .from(mentorSessionFlags)
      .innerJoin(mentor, eq(mentor.id, mentorSessionFlags.mentorId))
      .where(isNull(mentorSessionFlags.clearedAt))
      .orderBy(asc(mentorSessionFlags.flaggedAt), asc(mentorSessionFlags.mentorId))
      .limit(page.limit)
      .offset(page.offset),

  /** The sessions these mentors missed since `since`, earliest first. */
  missedSessions: (db: DbOrTx, mentorIds: string[], since: Date) =>
    db
      .select({
        id: mentorSessions.id,
        mentorId: mentorSessions.mentorId,
        menteeId: mentorSessions.menteeId,
        startAt: mentorSessions.startAt,
      })
      .from(mentorSessions)
      .where(
        and(
          inArray(mentorSessions.mentorId, mentorIds),
          eq(mentorSessions.mentorNoShow, true),
          gte(mentorSessions.startAt, since),
        ),
      )
      .orderBy(asc(mentorSessions.startAt)),

  /** Completed with both people there (neither a no-show), by the day they started. */
  sessionsHeld: (db: DbOrTx, from: Date, to: Date) =>
    db
      .select({ day: utcDay(mentorSessions.startAt), sessionsHeld: sql<number>`count(*)::int` })
      .from(mentorSessions)
      .where(
        sql`${mentorSessions.status} = 'completed' and ${mentorSessions.startAt} >= ${from} and ${mentorSessions.startAt} < ${to}
          and ${mentorSessions.mentorNoShow} is not true and ${mentorSessions.menteeNoShow} is not true`,
      )
      .groupBy(sql`1`),

  async sessionsAsMentor(db: DbOrTx, userId: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(mentorSessions).where(eq(mentorSessions.mentorId, userId));
    return row?.n ?? 0;
  },

  async sessionsAsMentee(db: DbOrTx, userId: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(mentorSessions).where(eq(mentorSessions.menteeId, userId));
    return row?.n ?? 0;
  },

  async subscriptionsTaken(db: DbOrTx, userId: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(mentorSubscriptions)
      .where(eq(mentorSubscriptions.menteeId, userId));
    return row?.n ?? 0;
  },
};
