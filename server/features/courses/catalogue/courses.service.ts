import type { z } from 'zod';
import type { Db, DbOrTx } from '#server/db/client';
import { AppError } from '#server/lib/errors';
import { cursorParam } from '#server/db/paging';
import { searchText } from '#server/lib/search/search';
import { transaction } from '#server/db/transaction';
import type { RealtimeService } from '#server/realtime/realtime.service';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type { TCourseStatus } from '#shared/courses/courses.constants';
import { COURSE_SUGGESTIONS, type TCourseSuggestions } from '#shared/courses/courses.schemas';
import type {
  TCourseDetail,
  TCourseList,
  TReviewDecision,
  TTutorCourseList,
  ZCourseInput,
  ZCoursePatch,
} from '#shared/courses/courses.schemas';
import type { AccountsService } from '#server/features/accounts';
import type { Audit } from '#server/lib/audit/audit';
import type { NotificationsService } from '#server/features/notifications';
import type { SkillsService } from '#server/features/skills';
import type { MoneySteps } from '#server/features/privacy';
import type { UploadsService } from '#server/features/uploads';
import { uploadUrl } from '#server/features/uploads';
import { assertCan, editableCourse, visibleCourse, type VisibleCourse } from '../course-access';
import { contentRepo } from '../content/course-content.repo';
import { assertQuizzesReady } from '../assessments/assessment-access';
import { announceCourse } from '../course-events';
import { learningRepo } from '../learning/course-learning.repo';
import { planSearch, type CoursesQuery } from './course-search.repo';
import { canCreateCourse, can } from '../courses.policy';
import { percentOf, presentDetail, presentSummary, presentTutorSummary, showTutor } from '../courses.presenter';
import { type CourseChanges, courseSkills, coursesRepo } from './courses.repo';

export interface CoursesDeps {
  db: Db;
  accounts: AccountsService;
  notifications: NotificationsService;
  realtime: RealtimeService;
  uploads: UploadsService;
  audit: Audit;
  skills: SkillsService;
  /** The age gate: publishing a paid course is selling (decision 020). */
  moneySteps: MoneySteps;
  now: () => Date;
}

/** A new course as the route parses it; skills may be left out by callers that have none (the seed). */
type CourseInput = Omit<z.output<typeof ZCourseInput>, 'skills'> & { skills?: string[] };

const TUTOR_PAGE = '/courses/tutor';

/** Courses themselves: the catalogue, the tutor's drafts and their path to publication. */
export function createCoursesService(deps: CoursesDeps) {
  const { db, uploads, notifications, realtime, audit, accounts, skills, moneySteps, now } = deps;

  /** An image upload of the tutor's own becomes the thumbnail; its URL is copied for the cards. */
  async function thumbnail(
    userId: string,
    uploadId: string | null,
    tx: DbOrTx,
  ): Promise<Pick<CourseChanges, 'thumbnailUploadId' | 'thumbnailUrl'>> {
    if (!uploadId) return { thumbnailUploadId: null, thumbnailUrl: null };
    const [image] = await uploads.requireOwned(userId, [uploadId], 'image', 'thumbnailUploadId', tx);
    return { thumbnailUploadId: image!.id, thumbnailUrl: uploadUrl(image!.storedName) };
  }

  async function present(user: TUser | null, course: VisibleCourse, tx: DbOrTx = db): Promise<TCourseDetail> {
    const sections = await contentRepo.syllabus(tx, course.course.id);
    const enrolled = Boolean(course.enrolment);
    const done = enrolled ? (await learningRepo.completedLessonIds(tx, user!.id, course.course.id)).length : 0;
    const viewer = {
      enrolled,
      isTutor: user?.id === course.course.tutorId,
      canEdit: can(user, 'edit', course.facts),
      canReview: can(user, 'rate', course.facts),
      progressPercent: enrolled ? percentOf(done, course.course.lessonCount) : null,
    };
    const tutor = (await accounts.person(course.course.tutorId, user, tx))!;
    const taught = await skills.skillsOf(courseSkills, course.course.id, tx);
    return {
      ...presentDetail({ course: course.course, tutor }, sections, viewer, can(user, 'see-review-notes', course.facts)),
      skills: taught,
    };
  }

  async function detail(user: TUser | null, id: string, tx: DbOrTx = db): Promise<TCourseDetail> {
    return present(user, await visibleCourse(tx, user, id), tx);
  }

  return {
    detail,

    async list(user: TUser | null, query: CoursesQuery): Promise<TCourseList> {
      const plan = { ...planSearch(query), cursor: cursorParam(query.cursor) };
      const { rows, total, totalCapped, nextCursor } = await coursesRepo.catalogue(db, plan, now());
      return {
        courses: rows.map((r) => presentSummary(showTutor(r, user))),
        total,
        page: query.page,
        pageSize: query.pageSize,
        totalCapped,
        nextCursor,
      };
    },

    /** Published titles for a search box: nothing under two characters, where every title would do. */
    async suggest(q: string): Promise<TCourseSuggestions> {
      const text = searchText(q);
      if (!text || text.length < 2) return { suggestions: [] };
      return { suggestions: await coursesRepo.suggest(db, text, COURSE_SUGGESTIONS) };
    },

    async create(user: TUser, input: CourseInput): Promise<TCourseDetail> {
      if (!canCreateCourse(user)) {
        throw new AppError(
          'FORBIDDEN',
          'Only tutors and mentors can create courses. Choose "Teach a course" to become a tutor.',
        );
      }
      const id = await transaction(db, async (tx) => {
        const { thumbnailUploadId, skills: slugs = [], ...fields } = input;
        const row = await coursesRepo.insert(tx, {
          ...fields,
          tutorId: user.id,
          status: 'draft',
          ...(await thumbnail(user.id, thumbnailUploadId, tx)),
        });
        await skills.setLinks(courseSkills, row.id, slugs, tx);
        announceCourse(realtime, tx, 'course:created', row);
        return row.id;
      });
      return detail(user, id);
    },

    /**
     * Details change in any status but archived. A published course stays published: its
     * learners keep a live course, and edits of a reviewed course do not queue for review again.
     */
    async update(user: TUser, id: string, patch: z.output<typeof ZCoursePatch>): Promise<TCourseDetail> {
      await transaction(db, async (tx) => {
        const course = await editableCourse(tx, user, id);
        const { thumbnailUploadId, skills: slugs, ...fields } = patch;
        if (slugs !== undefined) await skills.setLinks(courseSkills, id, slugs, tx);
        // A course on its way to sale or on sale that becomes paid is selling, as submitting a paid one is.
        const becomesPaid = (fields.priceMinor ?? 0) > 0 && course.course.priceMinor <= 0;
        if (becomesPaid && (course.course.status === 'in_review' || course.course.status === 'published'))
          await moneySteps.requireMoneyConsent(user.id, tx);
        const changes: CourseChanges = {
          ...fields,
          ...(thumbnailUploadId !== undefined ? await thumbnail(user.id, thumbnailUploadId, tx) : {}),
        };
        const row = await coursesRepo.update(tx, id, changes);
        announceCourse(realtime, tx, 'course:updated', row, course.course.status);
      });
      return detail(user, id);
    },

    /**
     * A draft or rejected course nobody enrolled in is deleted; anything else is archived:
     * out of the catalogue, still open to its learners.
     */
    async remove(user: TUser, id: string): Promise<void> {
      await transaction(db, async (tx) => {
        const course = await visibleCourse(tx, user, id);
        assertCan(user, 'delete', course);
        const row = (await coursesRepo.lock(tx, id))!;
        if (row.status === 'archived') return;
        if ((row.status === 'draft' || row.status === 'rejected') && !(await learningRepo.hasEnrolments(tx, id))) {
          await coursesRepo.delete(tx, id);
          announceCourse(realtime, tx, 'course:deleted', row);
          return;
        }
        const archived = await coursesRepo.update(tx, id, { status: 'archived' });
        announceCourse(realtime, tx, 'course:updated', archived, row.status);
      });
    },

    async submit(user: TUser, id: string): Promise<TCourseDetail> {
      await transaction(db, async (tx) => {
        assertCan(user, 'submit', await visibleCourse(tx, user, id));
        const row = (await coursesRepo.lock(tx, id))!;
        if (row.status !== 'draft' && row.status !== 'rejected') {
          throw new AppError(
            'BAD_REQUEST',
            'Only a draft, or a course with changes requested, can be submitted for review.',
          );
        }
        if (!(await coursesRepo.hasLessons(tx, id))) {
          throw new AppError('BAD_REQUEST', 'Add at least one lesson before submitting the course for review.');
        }
        await assertVideosPresent(tx, id);
        if (row.priceMinor > 0) await moneySteps.requireMoneyConsent(user.id, tx);
        await assertQuizzesReady(tx, id);
        const next = await coursesRepo.update(tx, id, {
          status: 'in_review',
          submittedAt: now(),
          rejectionReason: null,
        });
        announceCourse(realtime, tx, 'course:updated', next, row.status);
      });
      return detail(user, id);
    },

    async tutorCourses(user: TUser): Promise<TTutorCourseList> {
      return {
        courses: (await coursesRepo.listByTutor(db, user.id, now())).map((r) =>
          presentTutorSummary(showTutor(r, user)),
        ),
      };
    },

    async byStatus(adminUser: TUser, status: TCourseStatus): Promise<TTutorCourseList> {
      return {
        courses: (await coursesRepo.listByStatus(db, status, now())).map((r) =>
          presentTutorSummary(showTutor(r, adminUser)),
        ),
      };
    },

    /** Approve publishes; reject sends the reason back. Only from in_review; audited; the tutor is told. */
    async decide(adminUser: TUser, id: string, decision: TReviewDecision): Promise<TCourseDetail> {
      await transaction(db, async (tx) => {
        assertCan(adminUser, 'decide', await visibleCourse(tx, adminUser, id));
        const row = (await coursesRepo.lock(tx, id))!;
        if (row.status !== 'in_review')
          throw new AppError('BAD_REQUEST', 'Only a course in review can be approved or rejected.');
        const approved = decision.decision === 'approve';
        const next = await coursesRepo.update(
          tx,
          id,
          approved
            ? { status: 'published', publishedAt: now(), rejectionReason: null }
            : { status: 'rejected', rejectionReason: decision.reason },
        );
        await audit.action(
          {
            adminId: adminUser.id,
            action: approved ? 'course.approved' : 'course.rejected',
            target: `course:${id}`,
            details: { title: row.title, ...(approved ? {} : { reason: decision.reason }) },
          },
          tx,
        );
        await notifications.notify(
          row.tutorId,
          approved
            ? {
                type: 'system_update',
                title: 'Course approved',
                message: `"${row.title}" is now published in the catalogue.`,
                link: TUTOR_PAGE,
              }
            : {
                type: 'system_update',
                title: 'Changes requested',
                message: clip(`"${row.title}": ${decision.reason}`),
                link: TUTOR_PAGE,
              },
          tx,
        );
        announceCourse(realtime, tx, 'course:updated', next, row.status);
      });
      return detail(adminUser, id);
    },

    /** Whether an admin has approved a course of the tutor's: their teaching quota follows (decision 047). */
    hasApprovedCourse: (tutorId: string, tx: DbOrTx = db) => coursesRepo.hasApproved(tx, tutorId),
  };
}

/** The notification message's limit. */
const clip = (s: string) => (s.length > 2000 ? `${s.slice(0, 1999)}…` : s);

/** A video lesson needs its video before review: an upload or a link. */
async function assertVideosPresent(tx: DbOrTx, courseId: string) {
  const missing = (await contentRepo.syllabus(tx, courseId))
    .flatMap((s) => s.lessons)
    .find((l) => l.kind === 'video' && !l.videoUploadId && !l.videoUrl);
  if (missing)
    throw new AppError(
      'BAD_REQUEST',
      `The video lesson "${missing.title}" has no video yet: upload one or enter its link.`,
    );
}

export type CoursesService = ReturnType<typeof createCoursesService>;
