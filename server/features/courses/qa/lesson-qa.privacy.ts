import type { DbOrTx } from '#server/db/client';
import { lessonQaPrivacyRepo } from '../courses-privacy.repo';
import { lessonQaRepo } from './lesson-qa.repo';

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
    const q = await lessonQaRepo.reportedQuestion(tx, id);
    if (!q) return null;
    return {
      excerpt: excerpt([q.title, q.body].filter(Boolean).join(' — ')),
      authorId: q.authorId,
      courseId: q.courseId,
      link: threadLink(q.courseId, q.lessonId, id),
    };
  }
  const a = await lessonQaRepo.reportedAnswer(tx, id);
  if (!a) return null;
  return {
    excerpt: excerpt(a.body),
    authorId: a.authorId,
    courseId: a.courseId,
    link: threadLink(a.courseId, a.lessonId, a.questionId),
  };
}

/** Everything the member wrote in lesson Q&A, for their data export. */
export const exportLessonQa = (userId: string, tx: DbOrTx) => lessonQaPrivacyRepo.export(tx, userId);

export const ERASED_QUESTION = 'Question removed by its author';

/**
 * Erases the member's Q&A: their answers go; their questions go too, except those others
 * answered, which stay without author or words of theirs so that the answers keep their place.
 */
export const eraseLessonQa = (userId: string, tx: DbOrTx): Promise<void> =>
  lessonQaPrivacyRepo.erase(tx, userId, ERASED_QUESTION);
