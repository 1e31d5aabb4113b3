import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { courseReviews, enrolments, lessonCompletions } from './course-learning.table';
import { courses } from './courses.table';

/** What courses hold of a member, for their export and erasure (decision 020). */
export const coursesPrivacyRepo = {
  async export(db: DbOrTx, userId: string) {
    return {
      enrolments: await db
        .select({ courseId: enrolments.courseId, title: courses.title, source: enrolments.source, createdAt: enrolments.createdAt, completedAt: enrolments.completedAt })
        .from(enrolments)
        .innerJoin(courses, eq(courses.id, enrolments.courseId))
        .where(eq(enrolments.userId, userId)),
      completedLessons: await db
        .select({ courseId: lessonCompletions.courseId, lessonId: lessonCompletions.lessonId, completedAt: lessonCompletions.completedAt })
        .from(lessonCompletions)
        .where(eq(lessonCompletions.userId, userId)),
      reviews: await db
        .select({ courseId: courseReviews.courseId, rating: courseReviews.rating, text: courseReviews.text, createdAt: courseReviews.createdAt, updatedAt: courseReviews.updatedAt })
        .from(courseReviews)
        .where(eq(courseReviews.userId, userId)),
      coursesAuthored: await db
        .select({ id: courses.id, title: courses.title, summary: courses.summary, status: courses.status, priceMinor: courses.priceMinor, currency: courses.currency, createdAt: courses.createdAt })
        .from(courses)
        .where(eq(courses.tutorId, userId)),
    };
  },

  /**
   * Progress and enrolments go. Reviews stay, counted in the course's rating, their author shown
   * as "Former member" (people(), decision 013). The member's own courses are archived: out of
   * the catalogue and closed to sales, still open to the learners who have them.
   */
  async erase(db: DbOrTx, userId: string): Promise<void> {
    await db.delete(lessonCompletions).where(eq(lessonCompletions.userId, userId));
    await db.delete(enrolments).where(eq(enrolments.userId, userId));
    await db.update(courses).set({ status: 'archived' }).where(and(eq(courses.tutorId, userId), ne(courses.status, 'archived')));
  },
};
