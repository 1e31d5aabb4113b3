import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { assignmentSubmissions, quizAttempts } from './assessments/assessments.table';
import { courseReviews, enrolments, lessonCompletions, lessonProgress } from './learning/course-learning.table';
import { courses } from './catalogue/courses.table';
import { lessonAnswers, lessonQuestions } from './qa/lesson-qa.table';

/** What courses hold of a member, for their export and erasure (decision 020). */
export const coursesPrivacyRepo = {
  async export(db: DbOrTx, userId: string) {
    return {
      enrolments: await db
        .select({
          courseId: enrolments.courseId,
          title: courses.title,
          source: enrolments.source,
          createdAt: enrolments.createdAt,
          completedAt: enrolments.completedAt,
        })
        .from(enrolments)
        .innerJoin(courses, eq(courses.id, enrolments.courseId))
        .where(eq(enrolments.userId, userId)),
      completedLessons: await db
        .select({
          courseId: lessonCompletions.courseId,
          lessonId: lessonCompletions.lessonId,
          completedAt: lessonCompletions.completedAt,
        })
        .from(lessonCompletions)
        .where(eq(lessonCompletions.userId, userId)),
      lessonProgress: await db
        .select({
          courseId: lessonProgress.courseId,
          lessonId: lessonProgress.lessonId,
          watched: lessonProgress.watched,
          openSeconds: lessonProgress.openSeconds,
          scrolledToEnd: lessonProgress.scrolledToEnd,
          lastBeatAt: lessonProgress.lastBeatAt,
        })
        .from(lessonProgress)
        .where(eq(lessonProgress.userId, userId)),
      reviews: await db
        .select({
          courseId: courseReviews.courseId,
          rating: courseReviews.rating,
          text: courseReviews.text,
          createdAt: courseReviews.createdAt,
          updatedAt: courseReviews.updatedAt,
        })
        .from(courseReviews)
        .where(eq(courseReviews.userId, userId)),
      coursesAuthored: await db
        .select({
          id: courses.id,
          title: courses.title,
          summary: courses.summary,
          status: courses.status,
          priceMinor: courses.priceMinor,
          currency: courses.currency,
          createdAt: courses.createdAt,
        })
        .from(courses)
        .where(eq(courses.tutorId, userId)),
    };
  },

  /**
   * Progress and enrolments go. Reviews keep their rating, counted in the course's, without their
   * text, the author shown as "Former member" (people(), decisions 013 and 050). The member's own
   * courses are archived: out of the catalogue and closed to sales, still open to the learners
   * who have them.
   */
  async erase(db: DbOrTx, userId: string): Promise<void> {
    await db.delete(lessonCompletions).where(eq(lessonCompletions.userId, userId));
    await db.delete(lessonProgress).where(eq(lessonProgress.userId, userId));
    await db.delete(enrolments).where(eq(enrolments.userId, userId));
    await db.update(courseReviews).set({ text: '' }).where(eq(courseReviews.userId, userId));
    await db
      .update(courses)
      .set({ status: 'archived' })
      .where(and(eq(courses.tutorId, userId), ne(courses.status, 'archived')));
  },
};

/** A member's quiz attempts and assignment submissions (assessments.privacy.ts says what goes). */
export const assessmentsPrivacyRepo = {
  async export(db: DbOrTx, userId: string) {
    const attempts = await db
      .select({
        lessonId: quizAttempts.lessonId,
        courseId: quizAttempts.courseId,
        number: quizAttempts.number,
        scorePercent: quizAttempts.scorePercent,
        passed: quizAttempts.passed,
        answers: quizAttempts.answers,
        createdAt: quizAttempts.createdAt,
      })
      .from(quizAttempts)
      .where(eq(quizAttempts.userId, userId));
    const submissions = await db
      .select({
        lessonId: assignmentSubmissions.lessonId,
        courseId: assignmentSubmissions.courseId,
        kind: assignmentSubmissions.kind,
        text: assignmentSubmissions.text,
        url: assignmentSubmissions.url,
        uploadId: assignmentSubmissions.uploadId,
        status: assignmentSubmissions.status,
        feedback: assignmentSubmissions.feedback,
        late: assignmentSubmissions.late,
        submittedAt: assignmentSubmissions.submittedAt,
        gradedAt: assignmentSubmissions.gradedAt,
      })
      .from(assignmentSubmissions)
      .where(eq(assignmentSubmissions.userId, userId));
    return { quizAttempts: attempts, assignmentSubmissions: submissions };
  },

  async erase(db: DbOrTx, userId: string): Promise<{ quizAttempts: number; assignmentSubmissions: number }> {
    const attempts = await db
      .delete(quizAttempts)
      .where(eq(quizAttempts.userId, userId))
      .returning({ id: quizAttempts.id });
    const submissions = await db
      .delete(assignmentSubmissions)
      .where(eq(assignmentSubmissions.userId, userId))
      .returning({ id: assignmentSubmissions.id });
    await db.update(assignmentSubmissions).set({ gradedBy: null }).where(eq(assignmentSubmissions.gradedBy, userId));
    return { quizAttempts: attempts.length, assignmentSubmissions: submissions.length };
  },
};

/** A member's lesson questions and answers (lesson-qa.privacy.ts says what goes). */
export const lessonQaPrivacyRepo = {
  async export(db: DbOrTx, userId: string) {
    const questions = await db
      .select({
        id: lessonQuestions.id,
        courseId: lessonQuestions.courseId,
        lessonId: lessonQuestions.lessonId,
        title: lessonQuestions.title,
        body: lessonQuestions.body,
        createdAt: lessonQuestions.createdAt,
      })
      .from(lessonQuestions)
      .where(eq(lessonQuestions.authorId, userId))
      .orderBy(lessonQuestions.createdAt);
    const answers = await db
      .select({
        id: lessonAnswers.id,
        questionId: lessonAnswers.questionId,
        body: lessonAnswers.body,
        accepted: lessonAnswers.accepted,
        createdAt: lessonAnswers.createdAt,
      })
      .from(lessonAnswers)
      .where(eq(lessonAnswers.authorId, userId))
      .orderBy(lessonAnswers.createdAt);
    return { lessonQuestions: questions, lessonAnswers: answers };
  },

  /** Questions others answered stay, titled `erasedTitle`, without author or body. */
  async erase(db: DbOrTx, userId: string, erasedTitle: string): Promise<void> {
    const answered = await db
      .select({ questionId: lessonAnswers.questionId })
      .from(lessonAnswers)
      .where(eq(lessonAnswers.authorId, userId));
    await db.delete(lessonAnswers).where(eq(lessonAnswers.authorId, userId));
    const touched = [...new Set(answered.map((a) => a.questionId))];
    if (touched.length) {
      await db
        .update(lessonQuestions)
        .set({
          answerCount: sql`(select count(*)::int from ${lessonAnswers} where ${lessonAnswers.questionId} = ${lessonQuestions.id})`,
        })
        .where(inArray(lessonQuestions.id, touched));
    }
    await db
      .delete(lessonQuestions)
      .where(and(eq(lessonQuestions.authorId, userId), eq(lessonQuestions.answerCount, 0)));
    await db
      .update(lessonQuestions)
      .set({ authorId: null, title: erasedTitle, body: '' })
      .where(eq(lessonQuestions.authorId, userId));
  },
};
