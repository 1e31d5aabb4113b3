import type { z } from 'zod';
import type { Db, DbOrTx } from '#server/db/client';
import { AppError } from '#server/lib/errors';
import { transaction } from '#server/db/transaction';
import type { RealtimeService } from '#server/realtime/realtime.service';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type { TSyllabusSection } from '#shared/courses/courses.schemas';
import type { TLessonContent, TSectionInput, ZLessonInput, ZLessonPatch } from '#shared/courses/lessons.schemas';
import type { UploadsService } from '#server/features/uploads';
import { editableCourse, type VisibleCourse } from '../course-access';
import { contentRepo, type LessonValues } from './course-content.repo';
import { announceCourse } from '../course-events';
import { lessonUploadIds, presentLesson, presentSyllabus } from '../courses.presenter';
import { coursesRepo, type LessonRow } from '../catalogue/courses.repo';

type CaptionFields = 'captionsUploadId' | 'captionsLabel' | 'captionsLanguage';
/** A lesson to add: what the route parsed, or (seeds, tests) a video lesson without captions. */
type NewLesson =
  z.output<typeof ZLessonInput> extends infer L
    ? L extends L
      ? Omit<L, CaptionFields> & Partial<Pick<LessonValues, CaptionFields>>
      : never
    : never;

const sectionNotFound = () => new AppError('NOT_FOUND', 'Section not found.');
const lessonNotFound = () => new AppError('NOT_FOUND', 'Lesson not found.');

/** The same ids, each once: a reorder may not drop, add or repeat anything. */
function assertSameSet(given: string[], existing: string[], what: string) {
  const set = new Set(given);
  if (set.size !== given.length || set.size !== existing.length || existing.some((id) => !set.has(id))) {
    const message = `List every ${what} exactly once.`;
    throw new AppError('VALIDATION_FAILED', message, { ids: message });
  }
}

/** The builder: sections and lessons of a course its tutor may edit (any status but archived). */
export function createCourseContentService(deps: { db: Db; uploads: UploadsService; realtime: RealtimeService }) {
  const { db, uploads, realtime } = deps;

  /** Runs a change under the course's lock, recounts its lessons, and announces it after the commit. */
  function change<T>(user: TUser, courseId: string, fn: (course: VisibleCourse, tx: DbOrTx) => Promise<T>): Promise<T> {
    return transaction(db, async (tx) => {
      const course = await editableCourse(tx, user, courseId);
      const result = await fn(course, tx);
      await coursesRepo.recountLessons(tx, courseId);
      announceCourse(realtime, tx, 'course:updated', course.course);
      return result;
    });
  }

  async function section(tx: DbOrTx, courseId: string, sectionId: string) {
    const row = await contentRepo.findSection(tx, courseId, sectionId);
    if (!row) throw sectionNotFound();
    return row;
  }

  /** Checks the lesson's uploads belong to the tutor and are of the right kind; only a video lesson has a video and captions. */
  async function lessonValues(user: TUser, values: LessonValues, tx: DbOrTx): Promise<LessonValues> {
    if (values.kind !== 'video') return { ...values, videoUploadId: null, videoUrl: null, captionsUploadId: null };
    if (values.videoUploadId && values.videoUrl) {
      const message = 'Choose either an uploaded video or a link, not both.';
      throw new AppError('VALIDATION_FAILED', message, { videoUrl: message });
    }
    if (values.videoUploadId) await uploads.requireOwned(user.id, [values.videoUploadId], 'video', 'videoUploadId', tx);
    if (values.captionsUploadId)
      await uploads.requireOwned(user.id, [values.captionsUploadId], 'captions', 'captionsUploadId', tx);
    return values;
  }

  async function presentOne(row: LessonRow, tx: DbOrTx): Promise<TLessonContent> {
    return presentLesson(row, await uploads.presentMany(lessonUploadIds([row]), tx));
  }

  return {
    /** Which of these uploads the courses still use: garbage collection keeps them (courses/index.ts). */
    /** In `tx` when garbage collection asks with the upload's row locked (upload-maintenance.ts). */
    uploadsInUse: (ids: string[], tx: DbOrTx = db) => contentRepo.uploadIdsInUse(tx, ids),
    addSection: (user: TUser, courseId: string, input: TSectionInput): Promise<TSyllabusSection> =>
      change(user, courseId, async (_course, tx) => {
        const row = await contentRepo.insertSection(tx, courseId, input.title);
        return { id: row.id, title: row.title, lessons: [] };
      }),

    renameSection: (
      user: TUser,
      courseId: string,
      sectionId: string,
      input: TSectionInput,
    ): Promise<TSyllabusSection> =>
      change(user, courseId, async (_course, tx) => {
        await section(tx, courseId, sectionId);
        const row = await contentRepo.updateSection(tx, sectionId, input.title);
        return presentSyllabus([{ section: row, lessons: await contentRepo.lessonsOfSection(tx, sectionId) }])[0]!;
      }),

    /** Its lessons go with it. */
    removeSection: (user: TUser, courseId: string, sectionId: string): Promise<void> =>
      change(user, courseId, async (_course, tx) => {
        await section(tx, courseId, sectionId);
        await contentRepo.deleteSection(tx, sectionId);
      }),

    orderSections: (user: TUser, courseId: string, ids: string[]): Promise<void> =>
      change(user, courseId, async (_course, tx) => {
        assertSameSet(ids, await contentRepo.sectionIds(tx, courseId), 'section of this course');
        await contentRepo.orderSections(tx, courseId, ids);
      }),

    addLesson: (user: TUser, courseId: string, sectionId: string, input: NewLesson): Promise<TLessonContent> =>
      change(user, courseId, async (_course, tx) => {
        await section(tx, courseId, sectionId);
        const values = await lessonValues(
          user,
          {
            videoUploadId: null,
            videoUrl: null,
            captionsUploadId: null,
            captionsLabel: 'English',
            captionsLanguage: 'en',
            ...input,
          },
          tx,
        );
        await uploads.requireOwned(user.id, values.attachmentUploadIds, 'document', 'attachmentUploadIds', tx);
        return presentOne(await contentRepo.insertLesson(tx, courseId, sectionId, values), tx);
      }),

    /** Only the keys sent change; a new sectionId (of the same course) moves the lesson to that section's end. */
    updateLesson: (
      user: TUser,
      courseId: string,
      lessonId: string,
      patch: z.output<typeof ZLessonPatch>,
    ): Promise<TLessonContent> =>
      change(user, courseId, async (_course, tx) => {
        const lesson = await contentRepo.findLesson(tx, courseId, lessonId);
        if (!lesson) throw lessonNotFound();
        const { sectionId, ...fields } = patch;
        if (sectionId) await section(tx, courseId, sectionId);
        const values = await lessonValues(user, { ...pickValues(lesson), ...fields }, tx);
        if (fields.attachmentUploadIds)
          await uploads.requireOwned(user.id, fields.attachmentUploadIds, 'document', 'attachmentUploadIds', tx);
        return presentOne(await contentRepo.updateLesson(tx, lesson, { ...values, sectionId }), tx);
      }),

    removeLesson: (user: TUser, courseId: string, lessonId: string): Promise<void> =>
      change(user, courseId, async (_course, tx) => {
        if (!(await contentRepo.findLesson(tx, courseId, lessonId))) throw lessonNotFound();
        await contentRepo.deleteLesson(tx, lessonId);
      }),

    orderLessons: (user: TUser, courseId: string, sectionId: string, ids: string[]): Promise<void> =>
      change(user, courseId, async (_course, tx) => {
        await section(tx, courseId, sectionId);
        const existing = (await contentRepo.lessonsOfSection(tx, sectionId)).map((l) => l.id);
        assertSameSet(ids, existing, 'lesson of this section');
        await contentRepo.orderLessons(tx, sectionId, ids);
      }),
  };
}

function pickValues(l: LessonRow): LessonValues {
  const {
    title,
    kind,
    body,
    durationSeconds,
    preview,
    videoUploadId,
    videoUrl,
    attachmentUploadIds,
    captionsUploadId,
    captionsLabel,
    captionsLanguage,
  } = l;
  return {
    title,
    kind,
    body,
    durationSeconds,
    preview,
    videoUploadId,
    videoUrl,
    attachmentUploadIds,
    captionsUploadId,
    captionsLabel,
    captionsLanguage,
  };
}

export type CourseContentService = ReturnType<typeof createCourseContentService>;
