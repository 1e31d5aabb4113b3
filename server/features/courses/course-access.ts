import type { DbOrTx } from '#server/db/client';
import { AppError } from '#server/lib/errors';
import { type EnrolmentRow, learningRepo } from './learning/course-learning.repo';
import { can, type Actor, type CourseAction, type CourseFacts } from './courses.policy';
import { type CourseRow, coursesRepo } from './catalogue/courses.repo';

const courseNotFound = () => new AppError('NOT_FOUND', 'Course not found.');

export interface VisibleCourse {
  course: CourseRow;
  enrolment: EnrolmentRow | undefined;
  facts: CourseFacts;
}

/** Why an action is refused, in words the person can act on. */
const REFUSALS: Partial<Record<CourseAction, string>> = {
  edit: "Only the course's tutor can change it.",
  delete: "Only the course's tutor or an administrator can delete it.",
  submit: "Only the course's tutor can submit it for review.",
  decide: 'Only administrators can approve or reject courses.',
  learn: 'Enrol in this course to open its lessons.',
  track: 'Enrol in this course to track your progress.',
  rate: 'Only learners enrolled in this course can review it.',
};

/**
 * The course as `user` may see it, or a 404 for one they may not (another tutor's draft looks
 * exactly like a course that does not exist).
 */
export async function visibleCourse(db: DbOrTx, user: Actor, courseId: string): Promise<VisibleCourse> {
  const course = await coursesRepo.find(db, courseId);
  if (!course) throw courseNotFound();
  const enrolment = user ? await learningRepo.findEnrolment(db, user.id, courseId) : undefined;
  const facts = { tutorId: course.tutorId, status: course.status, enrolled: Boolean(enrolment) };
  if (!can(user, 'view', facts)) throw courseNotFound();
  return { course, enrolment, facts };
}

/** Throws the 403 for `action` unless the policy allows it. */
export function assertCan(user: Actor, action: CourseAction, course: VisibleCourse, message = REFUSALS[action]): void {
  if (!can(user, action, course.facts))
    throw new AppError('FORBIDDEN', message ?? 'You cannot do this with this course.');
}

/**
 * For the tutor's changes: the course locked for the rest of the transaction, after the same
 * 404 and 403 as any other action, and a clear 400 for an archived one.
 */
export async function editableCourse(tx: DbOrTx, user: Actor, courseId: string): Promise<VisibleCourse> {
  const course = await visibleCourse(tx, user, courseId);
  if (course.facts.status === 'archived' && user?.id === course.facts.tutorId) {
    throw new AppError('BAD_REQUEST', 'This course is archived and can no longer be changed.');
  }
  assertCan(user, 'edit', course);
  const locked = await coursesRepo.lock(tx, courseId);
  return { ...course, course: locked! };
}
