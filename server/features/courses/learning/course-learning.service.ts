import type { z } from 'zod';
import type { Db, DbOrTx } from '#server/db/client';
import { AppError } from '#server/lib/errors';
import { afterCommit, transaction } from '#server/db/transaction';
import type { RealtimeService } from '#server/realtime/realtime.service';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type { TCourseContent, TEnrolment, TEnrolmentList, TProgress } from '#shared/courses/lessons.schemas';
import type { AccountsService } from '#server/features/accounts';
import type { CertificatesService } from '#server/features/certificates';
import type { SkillsService } from '#server/features/skills';
import { areaOpen } from '#server/features/accounts';
import type { NotificationsService } from '#server/features/notifications';
import type { UploadsService } from '#server/features/uploads';
import { assertCan, visibleCourse, type VisibleCourse } from '../course-access';
import { createCompletion } from './course-completion';
import { emptyTrack, factsOf, recordBeat } from '#shared/courses/lesson-tracking';
import { missingFact, type ZLessonBeat } from '#shared/courses/lesson-progress';
import type { LessonRow } from '../catalogue/courses.repo';
import { contentRepo } from '../content/course-content.repo';
import { type EnrolmentRow, learningRepo } from './course-learning.repo';
import { can, canReadLessonMedia } from '../courses.policy';
import { lessonUploadIds, percentOf, presentContent, presentSummary, showTutor } from '../courses.presenter';
import { coursesRepo } from '../catalogue/courses.repo';

export interface LearningDeps {
  db: Db;
  accounts: AccountsService;
  uploads: UploadsService;
  notifications: NotificationsService;
  certificates: CertificatesService;
  skills: SkillsService;
  realtime: RealtimeService;
  /** Schedules a new learner's assignment reminders, in the enrolment's transaction. */
  assignments: { learnerEnrolled(tx: DbOrTx, userId: string, courseId: string): Promise<void> };
  now: () => Date;
}

type TLessonBeatInput = z.output<typeof ZLessonBeat>;

const latest = (a: Date, b: Date | null) => (b && b > a ? b : a);

const lessonNotFound = () => new AppError('NOT_FOUND', 'Lesson not found.');

/** Enrolment, the player's content, progress, completion and its certificate. */
export function createCourseLearningService(deps: LearningDeps) {
  const { db, uploads, certificates, realtime, assignments, now } = deps;
  const completion = createCompletion(deps);

  async function progressOf(
    userId: string,
    course: VisibleCourse['course'],
    enrolment: EnrolmentRow | undefined,
    tx: DbOrTx,
  ): Promise<TProgress> {
    const done = enrolment ? await learningRepo.completedLessonIds(tx, userId, course.id) : [];
    const tracks = enrolment ? await learningRepo.tracksOf(tx, userId, course.id) : [];
    const code = enrolment?.completedAt
      ? (await certificates.codesFor(userId, [course.id], tx)).get(course.id)
      : undefined;
    return {
      courseId: course.id,
      completedLessonIds: done,
      lastLessonId: enrolment?.lastLessonId ?? null,
      lastPositionSeconds: enrolment?.lastPositionSeconds ?? 0,
      percent: percentOf(done.length, course.lessonCount),
      completedAt: enrolment?.completedAt?.toISOString() ?? null,
      certificateCode: code ?? null,
      lessonFacts: tracks.map((t) => factsOf(t.lesson, t.track)),
    };
  }

  /** A tracked lesson's facts met: completes it (and maybe the course); else the sentence why not. */
  async function completeIfMet(
    tx: DbOrTx,
    user: TUser,
    course: VisibleCourse['course'],
    enrolment: EnrolmentRow,
    lesson: LessonRow,
  ): Promise<string | null> {
    const kind = lesson.kind === 'video' ? 'video' : 'text';
    const track = (await learningRepo.findTrack(tx, user.id, lesson.id)) ?? emptyTrack();
    const missing = missingFact(kind, factsOf(lesson, track));
    if (!missing) await completion.completeLesson(tx, user, course, enrolment, lesson.id);
    return missing;
  }

  /** The enrolment of a learner who may track this course, locked for the transaction. */
  async function trackable(tx: DbOrTx, user: TUser, courseId: string) {
    const course = await visibleCourse(tx, user, courseId);
    assertCan(user, 'track', course);
    return { course, enrolment: (await learningRepo.lockEnrolment(tx, user.id, courseId))! };
  }

  async function lessonOf(tx: DbOrTx, courseId: string, lessonId: string) {
    const lesson = await contentRepo.findLesson(tx, courseId, lessonId);
    if (!lesson) throw lessonNotFound();
    return lesson;
  }

  return {
    /**
     * The player's lessons: all of them for the enrolled, the tutor and admins; only the preview
     * lessons for anyone else, or a 403 when there are none.
     */
    async content(user: TUser | null, courseId: string): Promise<TCourseContent> {
      const course = await visibleCourse(db, user, courseId);
      let sections = await contentRepo.syllabus(db, courseId);
      if (!can(user, 'learn', course.facts)) {
        sections = sections
          .map((s) => ({ ...s, lessons: s.lessons.filter((l) => l.preview) }))
          .filter((s) => s.lessons.length > 0);
        if (sections.length === 0) assertCan(user, 'learn', course);
      }
      const lessons = sections.flatMap((s) => s.lessons);
      return presentContent(courseId, sections, await uploads.presentMany(lessonUploadIds(lessons)));
    },

    /**
     * The courses' reader of uploads (contributed by courses/index.ts): a lesson's video or attachment goes
     * to whoever the player's content would show that lesson to. A member suspended from courses
     * is refused even previews, as coursesOpenToVisitors refuses them the course pages.
     */
    async mayReadUpload(user: TUser | null, uploadId: string): Promise<boolean> {
      if (user && !areaOpen(user, 'courses')) return false;
      return canReadLessonMedia(user, await contentRepo.mediaLinks(db, uploadId, user?.id ?? null));
    },

    /** Free published courses only, never one's own; enrolling twice changes nothing. */
    async enrol(user: TUser, courseId: string): Promise<{ enrolment: TEnrolment; created: boolean }> {
      const created = await transaction(db, async (tx) => {
        const course = await visibleCourse(tx, user, courseId);
        if (course.enrolment) return false;
        if (user.id === course.course.tutorId)
          throw new AppError('FORBIDDEN', 'You teach this course: you cannot enrol in it.');
        if (course.course.status !== 'published')
          throw new AppError('BAD_REQUEST', 'This course is not open for enrolment.');
        if (!can(user, 'enrol', course.facts))
          throw new AppError('FORBIDDEN', 'Administrators do not enrol in courses.');
        if (course.course.priceMinor > 0) throw new AppError('BAD_REQUEST', 'This course is paid: buy it to enrol.');
        if (!(await learningRepo.insertEnrolment(tx, user.id, courseId))) return false;
        await coursesRepo.addEnrolments(tx, courseId, 1);
        await assignments.learnerEnrolled(tx, user.id, courseId);
        // The tutor's dashboard counts enrolments; nobody else needs a refetch for one.
        afterCommit(tx, () => realtime.emitToUser(course.course.tutorId, 'course:updated', { resourceId: courseId }));
        return true;
      });
      const mine = (await this.enrolments(user)).enrollments.find((e) => e.course.id === courseId)!;
      return { enrolment: mine, created };
    },

    async enrolments(user: TUser): Promise<TEnrolmentList> {
      const rows = await learningRepo.listForUser(db, user.id, now());
      const completed = rows.filter((r) => r.enrolment.completedAt).map((r) => r.course.id);
      const codes = await certificates.codesFor(user.id, completed);
      return {
        enrollments: rows.map((r) => ({
          course: presentSummary(showTutor(r, user)),
          enrolledAt: r.enrolment.createdAt.toISOString(),
          progressPercent: percentOf(r.completed, r.course.lessonCount),
          lastLessonId: r.enrolment.lastLessonId,
          completedAt: r.enrolment.completedAt?.toISOString() ?? null,
          certificateCode: codes.get(r.course.id) ?? null,
        })),
      };
    },

    /** The learner's progress; the tutor and admins, who may open every lesson, get an empty one. */
    async progress(user: TUser, courseId: string): Promise<TProgress> {
      const course = await visibleCourse(db, user, courseId);
      if (!course.enrolment) assertCan(user, 'learn', course, 'Enrol in this course to track your progress.');
      return progressOf(user.id, course.course, course.enrolment, db);
    },

    async complete(user: TUser, courseId: string, lessonId: string): Promise<TProgress> {
      return transaction(db, async (tx) => {
        const { course, enrolment } = await trackable(tx, user, courseId);
        const lesson = await lessonOf(tx, courseId, lessonId);
        // Graded lessons complete by their grade alone: a passed quiz, a passed assignment.
        if (lesson.kind === 'quiz') throw new AppError('BAD_REQUEST', 'Pass this quiz to complete it.');
        if (lesson.kind === 'assignment')
          throw new AppError('BAD_REQUEST', 'This assignment is completed when your tutor passes it.');
        // Video and text lessons complete from what the server measured, never from this call alone.
        const missing = await completeIfMet(tx, user, course.course, enrolment, lesson);
        if (missing) throw new AppError('BAD_REQUEST', missing);
        return progressOf(user.id, course.course, await learningRepo.findEnrolment(tx, user.id, courseId), tx);
      });
    },

    /**
     * One report of the player: the server's clock measures the time since the previous one and
     * the video's move since then (lesson-tracking.ts); the lesson completes once its facts are met.
     * A report kept offline is dated by the server's clock less the time it waited, never before
     * the enrolment or the learner's latest report in the course (decision 074).
     */
    async beat(user: TUser, courseId: string, lessonId: string, input: TLessonBeatInput): Promise<TProgress> {
      return transaction(db, async (tx) => {
        const { course, enrolment } = await trackable(tx, user, courseId);
        const lesson = await lessonOf(tx, courseId, lessonId);
        if (lesson.kind !== 'video' && lesson.kind !== 'text')
          throw new AppError('BAD_REQUEST', 'Quizzes and assignments complete by their grade.');
        const before = (await learningRepo.findTrack(tx, user.id, lessonId)) ?? emptyTrack();
        const { queuedMs } = input;
        const after =
          queuedMs === undefined
            ? recordBeat(before, input, now())
            : recordBeat(
                before,
                input,
                new Date(now().getTime() - queuedMs),
                latest(enrolment.createdAt, await learningRepo.latestBeatAt(tx, user.id, courseId)),
              );
        await learningRepo.saveTrack(tx, {
          userId: user.id,
          lessonId,
          courseId,
          ...after,
          openSeconds: Math.round(after.openSeconds),
          lastPositionSeconds: after.lastPositionSeconds === null ? null : Math.floor(after.lastPositionSeconds),
        });
        await completeIfMet(tx, user, course.course, enrolment, lesson);
        return progressOf(user.id, course.course, await learningRepo.findEnrolment(tx, user.id, courseId), tx);
      });
    },

    async setPosition(
      user: TUser,
      courseId: string,
      input: { lessonId: string; positionSeconds: number },
    ): Promise<TProgress> {
      return transaction(db, async (tx) => {
        const { course, enrolment } = await trackable(tx, user, courseId);
        await lessonOf(tx, courseId, input.lessonId);
        const updated = await learningRepo.setPosition(tx, enrolment.id, input.lessonId, input.positionSeconds);
        return progressOf(user.id, course.course, updated, tx);
      });
    },
  };
}

export type CourseLearningService = ReturnType<typeof createCourseLearningService>;
