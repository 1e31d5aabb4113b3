import type { DbOrTx } from '#server/db/client';
import type { TAssessedWork } from '#shared/courses/assessments.schemas';
import type { AccountsService } from '#server/features/accounts';
import type { CertificatesService } from '#server/features/certificates';
import { certificatePagePath } from '#server/features/certificates';
import type { NotificationsService } from '#server/features/notifications';
import type { SkillsService } from '#server/features/skills';
import { courseSkills } from '../catalogue/courses.repo';
import { assessmentsRepo } from '../assessments/assessments.repo';
import { type EnrolmentRow, learningRepo } from './course-learning.repo';
import type { CourseRow } from '../catalogue/courses.repo';

export interface Learner {
  id: string;
  fullName: string;
}

/**
 * A lesson done, and the course with it when it was the last. Marking a lesson, reading a quiz
 * or grading an assignment all come here with the learner's enrolment locked (FOR UPDATE), so
 * two completions of one learner's course run one after the other and `completed_at` is set
 * once: `course_completed` and `certificate_ready` go out once (decision 005).
 */
export function createCompletion(deps: {
  accounts: AccountsService;
  certificates: CertificatesService;
  notifications: NotificationsService;
  skills: SkillsService;
  now: () => Date;
}) {
  const { accounts, certificates, notifications, skills, now } = deps;

  async function assessedWork(tx: DbOrTx, courseId: string, userId: string): Promise<TAssessedWork[]> {
    const rows = await assessmentsRepo.gradedLessons(tx, courseId, userId);
    return rows.map((r) => ({
      kind: r.kind === 'quiz' ? 'quiz' : 'assignment',
      title: r.title,
      result: r.kind === 'quiz' ? `${r.bestScore ?? 0}%` : 'Passed',
    }));
  }

  /** All lessons done and not yet marked: mark, issue the certificate, tell the learner. Once; true when it did. */
  async function finishIfDone(tx: DbOrTx, learner: Learner, c: CourseRow, enrolment: EnrolmentRow) {
    if (enrolment.completedAt || c.lessonCount === 0) return false;
    const done = (await learningRepo.completedLessonIds(tx, learner.id, c.id)).length;
    if (done < c.lessonCount) return false;
    if (!(await learningRepo.markCompleted(tx, enrolment.id, now()))) return false;
    // A certificate is public to whoever holds its code: it names the tutor as anyone may see them.
    const tutor = (await accounts.person(c.tutorId, null, tx))!;
    const certificate = await certificates.issue(
      {
        userId: learner.id,
        courseId: c.id,
        learnerName: learner.fullName,
        courseTitle: c.title,
        tutorName: tutor.fullName,
        assessedWork: await assessedWork(tx, c.id, learner.id),
        skills: await skills.skillsOf(courseSkills, c.id, tx),
      },
      tx,
    );
    await notifications.notify(
      learner.id,
      {
        type: 'course_completed',
        title: 'Course completed',
        message: `You completed "${c.title}". Well done!`,
        link: `/courses/course-content/${c.id}`,
      },
      tx,
    );
    await notifications.notify(
      learner.id,
      {
        type: 'certificate_ready',
        title: 'Your certificate is ready',
        message: `Your certificate for "${c.title}" is ready. Its verification code is ${certificate.code}.`,
        link: certificatePagePath(certificate.code),
      },
      tx,
    );
    return true;
  }

  /**
   * A completed course and a passed assessment are passport evidence: the learner's levels
   * follow in this transaction (decision 079). A lesson merely read changes nothing there.
   */
  async function complete(
    tx: DbOrTx,
    learner: Learner,
    c: CourseRow,
    e: EnrolmentRow,
    lessonId: string,
    passed: boolean,
  ) {
    await learningRepo.insertCompletion(tx, { userId: learner.id, courseId: c.id, lessonId });
    if ((await finishIfDone(tx, learner, c, e)) || passed) await skills.evidenceChanged([learner.id], tx);
  }

  return {
    /** `enrolment` must be locked in `tx` (learningRepo.lockEnrolment). */
    completeLesson: (tx: DbOrTx, learner: Learner, course: CourseRow, enrolment: EnrolmentRow, lessonId: string) =>
      complete(tx, learner, course, enrolment, lessonId, false),
    /** A quiz or an assignment passed: its lesson completed, as completeLesson. */
    passAssessment: (tx: DbOrTx, learner: Learner, course: CourseRow, enrolment: EnrolmentRow, lessonId: string) =>
      complete(tx, learner, course, enrolment, lessonId, true),
  };
}

export type Completion = ReturnType<typeof createCompletion>;
