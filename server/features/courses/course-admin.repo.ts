import { asc, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { utcDay } from '#server/db/utc-day';
import { people } from '../accounts';
import { enrolments } from './learning/course-learning.table';
import { courses } from './catalogue/courses.table';

/** Admins see every member by name, hidden ones too (decision 013). */
const tutor = people('tutor');

/** What the admin console reads of courses: the review queue, the overview's figure, a member's activity. */
export const courseAdminRepo = {
  async inReviewCount(db: DbOrTx): Promise<number> {
    const [row] = await db.select({ n: count() }).from(courses).where(eq(courses.status, 'in_review'));
    return row?.n ?? 0;
  },

  /** A page of courses waiting for review, first submitted first, with the tutor's name. */
  inReviewPage(db: DbOrTx, page: { limit: number; offset: number }) {
    return db
      .select({
        id: courses.id,
        title: courses.title,
        summary: courses.summary,
        submittedAt: courses.submittedAt,
        createdAt: courses.createdAt,
        tutorId: courses.tutorId,
        tutor: tutor.fullName,
      })
      .from(courses)
      .innerJoin(tutor, eq(tutor.id, courses.tutorId))
      .where(eq(courses.status, 'in_review'))
      .orderBy(asc(courses.submittedAt), asc(courses.id))
      .limit(page.limit)
      .offset(page.offset);
  },

  enrolmentsByDay: (db: DbOrTx, from: Date, to: Date) =>
    db
      .select({ day: utcDay(enrolments.createdAt), enrolments: sql<number>`count(*)::int` })
      .from(enrolments)
      .where(sql`${enrolments.createdAt} >= ${from} and ${enrolments.createdAt} < ${to}`)
      .groupBy(sql`1`),

  async enrolmentsOf(db: DbOrTx, userId: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(enrolments).where(eq(enrolments.userId, userId));
    return row?.n ?? 0;
  },

  async coursesBy(db: DbOrTx, tutorId: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(courses).where(eq(courses.tutorId, tutorId));
    return row?.n ?? 0;
  },
};
