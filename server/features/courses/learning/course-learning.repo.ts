import { and, desc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { people, personColumns } from '#server/features/accounts';
import {
  courseReviews,
  enrolments,
  lessonCompletions,
  lessonProgress,
  type CourseReviewRow,
  type LessonProgressRow,
  type EnrolmentRow,
} from './course-learning.table';
import { courseColumns, courses, lessons } from '../catalogue/courses.table';

export type { CourseReviewRow, EnrolmentRow } from './course-learning.table';

const forUser = (userId: string, courseId: string) =>
  and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId));

export const learningRepo = {
  async findEnrolment(db: DbOrTx, userId: string, courseId: string): Promise<EnrolmentRow | undefined> {
    const [row] = await db.select().from(enrolments).where(forUser(userId, courseId)).limit(1);
    return row;
  },

  /** The enrolment, locked: two completions of one learner's course run one after the other. */
  async lockEnrolment(tx: DbOrTx, userId: string, courseId: string): Promise<EnrolmentRow | undefined> {
    const [row] = await tx.select().from(enrolments).where(forUser(userId, courseId)).for('update').limit(1);
    return row;
  },

  /** Undefined when the learner was already enrolled: the unique index makes enrolling idempotent. */
  async insertEnrolment(
    tx: DbOrTx,
    userId: string,
    courseId: string,
    source: 'free' | 'purchase' = 'free',
  ): Promise<EnrolmentRow | undefined> {
    const [row] = await tx.insert(enrolments).values({ userId, courseId, source }).onConflictDoNothing().returning();
    return row;
  },

  /**
   * Ends an enrolment (a refunded purchase). Lesson completions are kept, so a learner who buys
   * again finds their progress. Undefined when there was none.
   */
  async deleteEnrolment(tx: DbOrTx, userId: string, courseId: string): Promise<EnrolmentRow | undefined> {
    const [row] = await tx.delete(enrolments).where(forUser(userId, courseId)).returning();
    return row;
  },

  /** Titles of many courses at once, for purchase lists (a course is never deleted once bought). */
  async courseTitles(db: DbOrTx, courseIds: string[]): Promise<Array<{ id: string; title: string }>> {
    if (courseIds.length === 0) return [];
    return db.select({ id: courses.id, title: courses.title }).from(courses).where(inArray(courses.id, courseIds));
  },

  async hasEnrolments(db: DbOrTx, courseId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: enrolments.id })
      .from(enrolments)
      .where(eq(enrolments.courseId, courseId))
      .limit(1);
    return Boolean(row);
  },

  /** The learner's enrolments with each course row, its tutor and the number of its lessons they completed. */
  async listForUser(db: DbOrTx, userId: string, now: Date) {
    const tutor = people('tutor');
    return db
      .select({
        enrolment: enrolments,
        course: courseColumns,
        tutor: personColumns(tutor, now),
        completed: sql<number>`(select count(*)::int from ${lessonCompletions} where ${lessonCompletions.userId} = ${userId} and ${lessonCompletions.courseId} = ${courses.id})`,
      })
      .from(enrolments)
      .innerJoin(courses, eq(courses.id, enrolments.courseId))
      .innerJoin(tutor, eq(tutor.id, courses.tutorId))
      .where(eq(enrolments.userId, userId))
      .orderBy(desc(enrolments.createdAt));
  },

  async completedLessonIds(db: DbOrTx, userId: string, courseId: string): Promise<string[]> {
    const rows = await db
      .select({ id: lessonCompletions.lessonId })
      .from(lessonCompletions)
      .where(and(eq(lessonCompletions.userId, userId), eq(lessonCompletions.courseId, courseId)))
      .orderBy(lessonCompletions.completedAt);
    return rows.map((r) => r.id);
  },

  async insertCompletion(tx: DbOrTx, values: { userId: string; courseId: string; lessonId: string }): Promise<void> {
    await tx.insert(lessonCompletions).values(values).onConflictDoNothing();
  },

  /** What was tracked of a learner in one lesson (read under the enrolment's lock). */
  async findTrack(db: DbOrTx, userId: string, lessonId: string): Promise<LessonProgressRow | undefined> {
    const [row] = await db
      .select()
      .from(lessonProgress)
      .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, lessonId)))
      .limit(1);
    return row;
  },

  /** Every tracked lesson of the learner in the course, with what its facts are measured against. */
  async tracksOf(db: DbOrTx, userId: string, courseId: string) {
    return db
      .select({
        track: lessonProgress,
        lesson: { id: lessons.id, body: lessons.body, durationSeconds: lessons.durationSeconds },
      })
      .from(lessonProgress)
      .innerJoin(lessons, eq(lessons.id, lessonProgress.lessonId))
      .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.courseId, courseId)));
  },

  /** The learner's latest report in the course, on any lesson: offline reports are dated after it. */
  async latestBeatAt(db: DbOrTx, userId: string, courseId: string): Promise<Date | null> {
    const [row] = await db
      .select({ at: max(lessonProgress.lastBeatAt) })
      .from(lessonProgress)
      .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.courseId, courseId)));
    return row?.at ?? null;
  },

  async saveTrack(db: DbOrTx, row: LessonProgressRow): Promise<void> {
    const { userId: _u, lessonId: _l, courseId: _c, ...set } = row;
    await db
      .insert(lessonProgress)
      .values(row)
      .onConflictDoUpdate({ target: [lessonProgress.userId, lessonProgress.lessonId], set });
  },

  async setPosition(db: DbOrTx, enrolmentId: string, lessonId: string, seconds: number): Promise<EnrolmentRow> {
    const [row] = await db
      .update(enrolments)
      .set({ lastLessonId: lessonId, lastPositionSeconds: seconds })
      .where(eq(enrolments.id, enrolmentId))
      .returning();
    return row!;
  },

  /** Sets completed_at once: undefined when it was already set. */
  async markCompleted(tx: DbOrTx, enrolmentId: string, at: Date): Promise<EnrolmentRow | undefined> {
    const [row] = await tx
      .update(enrolments)
      .set({ completedAt: at })
      .where(and(eq(enrolments.id, enrolmentId), isNull(enrolments.completedAt)))
      .returning();
    return row;
  },

  async upsertReview(
    tx: DbOrTx,
    values: { courseId: string; userId: string; rating: number; text: string },
  ): Promise<CourseReviewRow> {
    const [row] = await tx
      .insert(courseReviews)
      .values(values)
      .onConflictDoUpdate({
        target: [courseReviews.courseId, courseReviews.userId],
        set: { rating: values.rating, text: values.text, updatedAt: sql`now()` },
      })
      .returning();
    return row!;
  },

  /** Newest first, with each author. */
  async reviewPage(db: DbOrTx, courseId: string, limit: number, offset: number, now: Date) {
    const author = people('author');
    return db
      .select({ review: courseReviews, author: personColumns(author, now) })
      .from(courseReviews)
      .innerJoin(author, eq(author.id, courseReviews.userId))
      .where(eq(courseReviews.courseId, courseId))
      .orderBy(desc(courseReviews.createdAt), desc(courseReviews.id))
      .limit(limit)
      .offset(offset);
  },

  async findReview(db: DbOrTx, courseId: string, userId: string, now: Date) {
    const author = people('author');
    const [row] = await db
      .select({ review: courseReviews, author: personColumns(author, now) })
      .from(courseReviews)
      .innerJoin(author, eq(author.id, courseReviews.userId))
      .where(and(eq(courseReviews.courseId, courseId), eq(courseReviews.userId, userId)))
      .limit(1);
    return row;
  },
};
