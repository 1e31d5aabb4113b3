import { formatDateTime } from '#shared/time-label';
import type { z } from 'zod';
import type { Db, DbOrTx } from '#server/db/client';
import { AppError } from '#server/lib/errors';
import { afterCommit, transaction } from '#server/db/transaction';
import type { QueueService } from '#server/queue/queue.service';
import type { RealtimeService } from '#server/realtime/realtime.service';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type {
  TAssignment,
  TGradingDashboard,
  TSubmission,
  ZAssignmentInput,
  ZGradeInput,
  ZSubmissionInput,
} from '#shared/courses/assessments.schemas';
import { areaOpen } from '#server/features/accounts';
import type { AccountsService } from '#server/features/accounts';
import { presentPerson, type Viewer } from '#server/features/accounts';
import type { NotificationsService } from '#server/features/notifications';
import type { UploadsService } from '#server/features/uploads';
import { assertGrades, assertTeaches, gradedLesson, readableLesson } from './assessment-access';
import { assessmentsRepo, type AssignmentRow } from './assessments.repo';
import { assignmentDueJob, assignmentDueKey, ASSIGNMENT_DUE_NOTICE_HOURS } from './assignments.queue';
import { assertCan, editableCourse, visibleCourse } from '../course-access';
import type { Completion } from '../learning/course-completion';
import { learningRepo } from '../learning/course-learning.repo';
import type { QuizzesService } from './quizzes.service';

const DAY_MS = 86_400_000;
type SubmissionJoin = Awaited<ReturnType<typeof assessmentsRepo.submissions>>[number];

/** A learner's due date: the assignment's own, or so many days after they enrolled; null for none. */
export function dueDateFor(
  assignment: Pick<AssignmentRow, 'dueAt' | 'dueDays'> | undefined | null,
  enrolledAt: Date | null,
): Date | null {
  if (!assignment) return null;
  if (assignment.dueAt) return assignment.dueAt;
  if (assignment.dueDays && enrolledAt) return new Date(enrolledAt.getTime() + assignment.dueDays * DAY_MS);
  return null;
}

const playerLink = (courseId: string, lessonId: string) => `/courses/course-content/${courseId}?lesson=${lessonId}`;

export interface AssignmentsDeps {
  db: Db;
  accounts: AccountsService;
  uploads: UploadsService;
  notifications: NotificationsService;
  realtime: RealtimeService;
  jobs: QueueService;
  completion: Completion;
  quizzes: QuizzesService;
  now: () => Date;
}

/** Assignments: due dates and their reminders, submissions, grades. */
export function createAssignmentsService(deps: AssignmentsDeps) {
  const { db, accounts, uploads, notifications, realtime, jobs, completion, quizzes, now } = deps;

  async function present(rows: SubmissionJoin[], viewer: Viewer, tx: DbOrTx = db): Promise<TSubmission[]> {
    const files = await uploads.presentMany(
      rows.flatMap((r) => (r.submission.uploadId ? [r.submission.uploadId] : [])),
      tx,
    );
    return rows.map(({ submission: s, ...r }) => {
      const learner = presentPerson(r.learner, viewer);
      const due = dueDateFor(r.assignment, r.enrolledAt);
      return {
        id: s.id,
        lessonId: s.lessonId,
        lessonTitle: r.lessonTitle,
        courseId: s.courseId,
        courseTitle: r.courseTitle,
        learner: { id: learner.id, fullName: learner.fullName },
        kind: s.kind,
        text: s.text,
        url: s.url,
        file: s.uploadId ? (files.get(s.uploadId) ?? null) : null,
        status: s.status,
        feedback: s.feedback,
        late: s.late,
        dueAt: due?.toISOString() ?? null,
        submittedAt: s.submittedAt.toISOString(),
        gradedAt: s.gradedAt?.toISOString() ?? null,
      };
    });
  }

  /** (Re)creates one learner's reminder: cancelled first, so that a moved date moves it. */
  async function schedule(tx: DbOrTx, lessonId: string, userId: string, due: Date | null) {
    const key = assignmentDueKey(lessonId, userId);
    await jobs.cancel(tx, assignmentDueJob, key);
    if (!due || due.getTime() <= now().getTime()) return;
    const at = new Date(Math.max(now().getTime(), due.getTime() - ASSIGNMENT_DUE_NOTICE_HOURS * 3_600_000));
    await jobs.send(
      tx,
      assignmentDueJob,
      { lessonId, userId, dueAt: due.toISOString() },
      { startAfter: at, singletonKey: key },
    );
  }

  return {
    async get(user: TUser | null, courseId: string, lessonId: string): Promise<TAssignment> {
      const { course } = await readableLesson(db, user, courseId, lessonId, 'assignment');
      const assignment = await assessmentsRepo.findAssignment(db, lessonId);
      const mine =
        user && course.enrolment ? await assessmentsRepo.submissions(db, { lessonId, userId: user.id }, now()) : [];
      return {
        lessonId,
        dueAt: assignment?.dueAt?.toISOString() ?? null,
        dueDays: assignment?.dueDays ?? null,
        myDueAt: dueDateFor(assignment, course.enrolment?.createdAt ?? null)?.toISOString() ?? null,
        submission: (await present(mine, user))[0] ?? null,
      };
    },

    /** The tutor sets the due date; every enrolled learner's reminder moves with it. */
    async save(
      user: TUser,
      courseId: string,
      lessonId: string,
      input: z.output<typeof ZAssignmentInput>,
    ): Promise<TAssignment> {
      await transaction(db, async (tx) => {
        await editableCourse(tx, user, courseId);
        await gradedLesson(tx, courseId, lessonId, 'assignment');
        const row = await assessmentsRepo.saveAssignment(tx, {
          lessonId,
          dueAt: input.dueAt ? new Date(input.dueAt) : null,
          dueDays: input.dueDays,
        });
        for (const learner of await assessmentsRepo.enrolled(tx, courseId)) {
          const handedIn = await assessmentsRepo.findSubmission(tx, lessonId, learner.userId);
          await schedule(tx, lessonId, learner.userId, handedIn ? null : dueDateFor(row, learner.enrolledAt));
        }
      });
      return this.get(user, courseId, lessonId);
    },

    /** A new learner gets a reminder for each assignment of the course that has a due date. */
    async learnerEnrolled(tx: DbOrTx, userId: string, courseId: string): Promise<void> {
      const enrolment = await learningRepo.findEnrolment(tx, userId, courseId);
      if (!enrolment) return;
      for (const a of await assessmentsRepo.assignmentsOf(tx, courseId))
        await schedule(tx, a.lessonId, userId, dueDateFor(a, enrolment.createdAt));
    },

    /** The job's work: `assignment_due`, unless the work is in, the learner left, or the date moved. */
    async remind(payload: { lessonId: string; userId: string; dueAt: string }): Promise<void> {
      await transaction(db, async (tx) => {
        const assignment = await assessmentsRepo.findAssignment(tx, payload.lessonId);
        const lesson = await assessmentsRepo.lessonWithCourse(tx, payload.lessonId);
        const enrolment = lesson && (await learningRepo.findEnrolment(tx, payload.userId, lesson.courseId));
        if (!assignment || !lesson || lesson.kind !== 'assignment' || !enrolment) return;
        if (dueDateFor(assignment, enrolment.createdAt)?.toISOString() !== payload.dueAt) return;
        if (await assessmentsRepo.findSubmission(tx, payload.lessonId, payload.userId)) return;
        const zone = (await accounts.timeZonesOf([payload.userId], tx)).get(payload.userId);
        await notifications.notify(
          payload.userId,
          {
            type: 'assignment_due',
            title: 'Assignment due soon',
            message: `"${lesson.title}" in "${lesson.courseTitle}" is due on ${formatDateTime(payload.dueAt, zone)}. Hand in your work before then.`,
            link: playerLink(lesson.courseId, lesson.id),
          },
          tx,
        );
      });
    },

    /** Hands in work; again only after "needs work". Late work is taken and marked late. */
    async submit(
      user: TUser,
      courseId: string,
      lessonId: string,
      input: z.output<typeof ZSubmissionInput>,
    ): Promise<TSubmission> {
      return transaction(db, async (tx) => {
        const course = await visibleCourse(tx, user, courseId);
        assertCan(user, 'track', course, 'Enrol in this course to hand in its assignments.');
        const enrolment = (await learningRepo.lockEnrolment(tx, user.id, courseId))!;
        await gradedLesson(tx, courseId, lessonId, 'assignment');
        const previous = await assessmentsRepo.findSubmission(tx, lessonId, user.id);
        if (previous?.status === 'submitted')
          throw new AppError('CONFLICT', 'Your work is waiting for a grade: you can resubmit if it needs work.');
        if (previous?.status === 'passed') throw new AppError('CONFLICT', 'This assignment has already passed.');
        let uploadId: string | null = null;
        if (input.kind === 'file') {
          const kind =
            (await uploads.presentMany([input.uploadId], tx)).get(input.uploadId)?.kind === 'image'
              ? 'image'
              : 'document';
          uploadId = (await uploads.requireOwned(user.id, [input.uploadId], kind, 'uploadId', tx))[0]!.id;
        }
        const due = dueDateFor(await assessmentsRepo.findAssignment(tx, lessonId), enrolment.createdAt);
        const at = now();
        const row = await assessmentsRepo.upsertSubmission(tx, {
          lessonId,
          courseId,
          userId: user.id,
          kind: input.kind,
          text: input.kind === 'text' ? input.text : null,
          url: input.kind === 'link' ? input.url : null,
          uploadId,
          late: Boolean(due && at > due),
          submittedAt: at,
        });
        await jobs.cancel(tx, assignmentDueJob, assignmentDueKey(lessonId, user.id));
        afterCommit(tx, () => realtime.emitToUser(course.course.tutorId, 'course:updated', { resourceId: courseId }));
        return (
          await present(await assessmentsRepo.submissions(tx, { lessonId, userId: row.userId }, at), user, tx)
        )[0]!;
      });
    },

    /** A course's submissions (all, or one assignment's), oldest first: its tutor and admins. */
    async list(user: TUser, courseId: string, lessonId?: string): Promise<TSubmission[]> {
      const course = await visibleCourse(db, user, courseId);
      assertTeaches(user, course);
      return present(await assessmentsRepo.submissions(db, { courseId, lessonId }, now()), user);
    },

    /** Pass or needs work, with feedback; a pass completes the learner's lesson. The learner is told. */
    async grade(
      user: TUser,
      courseId: string,
      submissionId: string,
      input: z.output<typeof ZGradeInput>,
    ): Promise<TSubmission> {
      return transaction(db, async (tx) => {
        const course = await visibleCourse(tx, user, courseId);
        assertGrades(user, course);
        const found = await assessmentsRepo.findSubmissionById(tx, courseId, submissionId);
        if (!found) throw new AppError('NOT_FOUND', 'Submission not found.');
        // The learner's enrolment first, then the submission: the order a quiz takes too.
        const enrolment = await learningRepo.lockEnrolment(tx, found.userId, courseId);
        const submission = (await assessmentsRepo.findSubmissionById(tx, courseId, submissionId, true))!;
        if (submission.status !== 'submitted') throw new AppError('CONFLICT', 'This work has already been graded.');
        const passed = input.decision === 'pass';
        await assessmentsRepo.grade(tx, submission.id, {
          status: passed ? 'passed' : 'needs_work',
          feedback: input.feedback,
          gradedAt: now(),
          gradedBy: user.id,
        });
        const lesson = await assessmentsRepo.lessonWithCourse(tx, submission.lessonId);
        const learner = await accounts.findById(submission.userId, tx);
        if (passed && enrolment && learner) {
          await completion.passAssessment(
            tx,
            { id: learner.id, fullName: learner.fullName },
            course.course,
            enrolment,
            submission.lessonId,
          );
        }
        // No type of docs/spec.md §3 names grading: system_update (info look) tells the learner; decision 023.
        await notifications.notify(
          submission.userId,
          {
            type: 'system_update',
            title: passed ? 'Your work passed' : 'Your work needs more',
            message: passed
              ? `Your tutor passed your work on "${lesson!.title}".`
              : `Your tutor asks for more on "${lesson!.title}": read the feedback and hand it in again.`,
            link: playerLink(courseId, submission.lessonId),
          },
          tx,
        );
        return (
          await present(
            await assessmentsRepo.submissions(tx, { lessonId: submission.lessonId, userId: submission.userId }, now()),
            user,
            tx,
          )
        )[0]!;
      });
    },

    /** Work waiting for a grade in all the tutor's courses (oldest first), and their quizzes' statistics. */
    async dashboard(user: TUser): Promise<TGradingDashboard> {
      const courseIds = await assessmentsRepo.courseIdsOfTutor(db, user.id);
      const waiting = await assessmentsRepo.submissions(db, { tutorId: user.id, waiting: true }, now());
      return { toGrade: await present(waiting, user), quizzes: await quizzes.statsOf(courseIds) };
    },

    /** The uploads reader (courses/index.ts): a submitted file goes to its learner and the course's tutor. */
    async mayReadUpload(user: TUser | null, uploadId: string): Promise<boolean> {
      if (!user || !areaOpen(user, 'courses')) return false;
      return (await assessmentsRepo.uploadReaders(db, uploadId)).some(
        (r) => r.learnerId === user.id || r.tutorId === user.id,
      );
    },

    uploadsInUse: (ids: string[], tx: DbOrTx = db) => assessmentsRepo.uploadIdsInUse(tx, ids),
  };
}

export type AssignmentsService = ReturnType<typeof createAssignmentsService>;
