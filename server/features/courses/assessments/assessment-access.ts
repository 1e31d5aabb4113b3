import type { DbOrTx } from '#server/db/client';
import { AppError } from '#server/lib/errors';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type { TLessonKind } from '#shared/courses/courses.constants';
import { assessmentsRepo } from './assessments.repo';
import { assertCan, visibleCourse, type VisibleCourse } from '../course-access';
import { contentRepo } from '../content/course-content.repo';
import { can } from '../courses.policy';
import type { LessonRow } from '../catalogue/courses.repo';

const WHAT: Record<'quiz' | 'assignment', string> = { quiz: 'Quiz', assignment: 'Assignment' };

/** The graded lesson of a course, or the 404 a missing lesson (or one of another kind) gets. */
export async function gradedLesson(
  db: DbOrTx,
  courseId: string,
  lessonId: string,
  kind: 'quiz' | 'assignment',
): Promise<LessonRow> {
  const lesson = await contentRepo.findLesson(db, courseId, lessonId);
  if (!lesson || lesson.kind !== (kind as TLessonKind)) throw new AppError('NOT_FOUND', `${WHAT[kind]} not found.`);
  return lesson;
}

/** Who may open a graded lesson: whoever the player shows it to (the enrolled, the tutor, admins; anyone for a preview). */
export async function readableLesson(
  db: DbOrTx,
  user: TUser | null,
  courseId: string,
  lessonId: string,
  kind: 'quiz' | 'assignment',
) {
  const course = await visibleCourse(db, user, courseId);
  const lesson = await gradedLesson(db, courseId, lessonId, kind);
  if (!lesson.preview) assertCan(user, 'learn', course);
  return { course, lesson };
}

/** The answers, statistics and submissions of a course are its tutor's and the admins' to see. */
export function assertTeaches(user: TUser | null, course: VisibleCourse): void {
  if (!can(user, 'see-review-notes', course.facts))
    throw new AppError('FORBIDDEN', "Only the course's tutor can see this.");
}

/** Grading is the tutor's alone: an admin oversees but does not mark work. */
export function assertGrades(user: TUser, course: VisibleCourse): void {
  if (user.id !== course.course.tutorId)
    throw new AppError('FORBIDDEN', "Only the course's tutor can grade its assignments.");
}

/** A quiz needs questions before review, as a video lesson needs its video: learners could never pass it. */
export async function assertQuizzesReady(tx: DbOrTx, courseId: string): Promise<void> {
  const quizzes = (await contentRepo.syllabus(tx, courseId)).flatMap((s) => s.lessons).filter((l) => l.kind === 'quiz');
  for (const lesson of quizzes) {
    const quiz = await assessmentsRepo.findQuiz(tx, lesson.id);
    if (!quiz || quiz.questions.length === 0)
      throw new AppError('BAD_REQUEST', `The quiz "${lesson.title}" has no questions yet: add at least one.`);
  }
}
