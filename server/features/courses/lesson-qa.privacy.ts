import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { lessonAnswers, lessonQuestions } from './lesson-qa.table';

/*
 * What other features call about lesson Q&A, for the integrator to register: the admin reports
 * queue's kinds registry and the privacy registry's exporter and eraser.
 */

export type LessonQaReportKind = 'lesson_question' | 'lesson_answer';

const EXCERPT = 200;
const excerpt = (text: string) => (text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1)}…` : text);
const threadLink = (courseId: string, lessonId: string, questionId: string) =>
  `/courses/course-content/${courseId}?lesson=${lessonId}&question=${questionId}`;

/** A reported question or answer as the reports queue shows it, or null when it is gone. */
export async function lessonQaReportTarget(
  kind: LessonQaReportKind,
  id: string,
  tx: DbOrTx,
): Promise<{ excerpt: string; authorId: string | null; courseId: string; link: string } | null> {
  if (kind === 'lesson_question') {
    const [q] = await tx
      .select({ title: lessonQuestions.title, body: lessonQuestions.body, authorId: lessonQuestions.authorId, courseId: lessonQuestions.courseId, lessonId: lessonQuestions.lessonId })
      .from(lessonQuestions)
      .where(eq(lessonQuestions.id, id));
    if (!q) return null;
    return { excerpt: excerpt([q.title, q.body].filter(Boolean).join(' — ')), authorId: q.authorId, courseId: q.courseId, link: threadLink(q.courseId, q.lessonId, id) };
  }
  const [a] = await tx
    .select({ body: lessonAnswers.body, authorId: lessonAnswers.authorId, questionId: lessonAnswers.questionId, courseId: lessonQuestions.courseId, lessonId: lessonQuestions.lessonId })
    .from(lessonAnswers)
    .innerJoin(lessonQuestions, eq(lessonQuestions.id, lessonAnswers.questionId))
    .where(eq(lessonAnswers.id, id));
  if (!a) return null;
  return { excerpt: excerpt(a.body), authorId: a.authorId, courseId: a.courseId, link: threadLink(a.courseId, a.lessonId, a.questionId) };
}

/** Everything the member wrote in lesson Q&A, for their data export. */
export async function exportLessonQa(userId: string, tx: DbOrTx) {
  const questions = await tx
    .select({ id: lessonQuestions.id, courseId: lessonQuestions.courseId, lessonId: lessonQuestions.lessonId, title: lessonQuestions.title, body: lessonQuestions.body, createdAt: lessonQuestions.createdAt })
    .from(lessonQuestions)
    .where(eq(lessonQuestions.authorId, userId))
    .orderBy(lessonQuestions.createdAt);
  const answers = await tx
    .select({ id: lessonAnswers.id, questionId: lessonAnswers.questionId, body: lessonAnswers.body, accepted: lessonAnswers.accepted, createdAt: lessonAnswers.createdAt })
    .from(lessonAnswers)
    .where(eq(lessonAnswers.authorId, userId))
    .orderBy(lessonAnswers.createdAt);
  return { lessonQuestions: questions, lessonAnswers: answers };
}

export const ERASED_QUESTION = 'Question removed by its author';

/**
 * Erases the member's Q&A: their answers go; their questions go too, except those others
 * answered, which stay without author or words of theirs so that the answers keep their place.
 */
export async function eraseLessonQa(userId: string, tx: DbOrTx): Promise<void> {
  const answered = await tx.select({ questionId: lessonAnswers.questionId }).from(lessonAnswers).where(eq(lessonAnswers.authorId, userId));
  await tx.delete(lessonAnswers).where(eq(lessonAnswers.authorId, userId));
  const touched = [...new Set(answered.map((a) => a.questionId))];
  if (touched.length) {
    await tx
      .update(lessonQuestions)
      .set({ answerCount: sql`(select count(*)::int from ${lessonAnswers} where ${lessonAnswers.questionId} = ${lessonQuestions.id})` })
      .where(inArray(lessonQuestions.id, touched));
  }
  await tx.delete(lessonQuestions).where(and(eq(lessonQuestions.authorId, userId), eq(lessonQuestions.answerCount, 0)));
  await tx.update(lessonQuestions).set({ authorId: null, title: ERASED_QUESTION, body: '' }).where(eq(lessonQuestions.authorId, userId));
}
