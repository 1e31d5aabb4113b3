import { and, arrayOverlaps, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { enrolments } from '../learning/course-learning.table';
import type { LessonMediaLink } from '../courses.policy';
import type { SectionWithLessons } from '../courses.presenter';
import { courseSections, courses, lessons, type LessonRow, type SectionRow } from '../catalogue/courses.table';

export type LessonValues = Pick<
  LessonRow,
  | 'title'
  | 'kind'
  | 'body'
  | 'durationSeconds'
  | 'preview'
  | 'videoUploadId'
  | 'videoUrl'
  | 'attachmentUploadIds'
  | 'captionsUploadId'
  | 'captionsLabel'
  | 'captionsLanguage'
>;

/** A uuid[] literal sent as separate parameters, which both drivers accept alike. */
const uuidArray = (ids: string[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;

export const contentRepo = {
  /** Which of these uploads a course (thumbnail) or a lesson (video, attachment, captions) refers to. */
  async uploadIdsInUse(db: DbOrTx, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const wanted = new Set(ids);
    const thumbnails = await db
      .select({ id: courses.thumbnailUploadId })
      .from(courses)
      .where(inArray(courses.thumbnailUploadId, ids));
    const media = await db
      .select({
        video: lessons.videoUploadId,
        attachments: lessons.attachmentUploadIds,
        captions: lessons.captionsUploadId,
      })
      .from(lessons)
      .where(
        or(
          inArray(lessons.videoUploadId, ids),
          arrayOverlaps(lessons.attachmentUploadIds, uuidArray(ids)),
          inArray(lessons.captionsUploadId, ids),
        ),
      );
    const found = [...thumbnails.map((t) => t.id), ...media.flatMap((m) => [m.video, m.captions, ...m.attachments])];
    return [...new Set(found.filter((id): id is string => id !== null && wanted.has(id)))];
  },
  /** Sections in order, each with its lessons in order: two reads, whatever the size. */
  async syllabus(db: DbOrTx, courseId: string): Promise<SectionWithLessons[]> {
    const sections = await db
      .select()
      .from(courseSections)
      .where(eq(courseSections.courseId, courseId))
      .orderBy(asc(courseSections.position));
    if (sections.length === 0) return [];
    const all = await db.select().from(lessons).where(eq(lessons.courseId, courseId)).orderBy(asc(lessons.position));
    return sections.map((section) => ({ section, lessons: all.filter((l) => l.sectionId === section.id) }));
  },

  async insertSection(tx: DbOrTx, courseId: string, title: string): Promise<SectionRow> {
    const next = sql`(select coalesce(max(${courseSections.position}), 0) + 1 from ${courseSections} where ${courseSections.courseId} = ${courseId})`;
    const [row] = await tx.insert(courseSections).values({ courseId, title, position: next }).returning();
    return row!;
  },

  async findSection(db: DbOrTx, courseId: string, sectionId: string): Promise<SectionRow | undefined> {
    const [row] = await db
      .select()
      .from(courseSections)
      .where(and(eq(courseSections.id, sectionId), eq(courseSections.courseId, courseId)))
      .limit(1);
    return row;
  },

  async updateSection(tx: DbOrTx, sectionId: string, title: string): Promise<SectionRow> {
    const [row] = await tx.update(courseSections).set({ title }).where(eq(courseSections.id, sectionId)).returning();
    return row!;
  },

  async deleteSection(tx: DbOrTx, sectionId: string): Promise<void> {
    await tx.delete(courseSections).where(eq(courseSections.id, sectionId));
  },

  async sectionIds(db: DbOrTx, courseId: string): Promise<string[]> {
    const rows = await db
      .select({ id: courseSections.id })
      .from(courseSections)
      .where(eq(courseSections.courseId, courseId));
    return rows.map((r) => r.id);
  },

  /** Positions from the order of `ids`, in one statement. */
  async orderSections(tx: DbOrTx, courseId: string, ids: string[]): Promise<void> {
    await tx
      .update(courseSections)
      .set({ position: sql`array_position(${uuidArray(ids)}, ${courseSections.id})` })
      .where(eq(courseSections.courseId, courseId));
  },

  async lessonsOfSection(db: DbOrTx, sectionId: string): Promise<LessonRow[]> {
    return db.select().from(lessons).where(eq(lessons.sectionId, sectionId)).orderBy(asc(lessons.position));
  },

  async orderLessons(tx: DbOrTx, sectionId: string, ids: string[]): Promise<void> {
    await tx
      .update(lessons)
      .set({ position: sql`array_position(${uuidArray(ids)}, ${lessons.id})` })
      .where(eq(lessons.sectionId, sectionId));
  },

  /** Appends the lesson to the end of its section. */
  async insertLesson(tx: DbOrTx, courseId: string, sectionId: string, values: LessonValues): Promise<LessonRow> {
    const [row] = await tx
      .insert(lessons)
      .values({ ...values, courseId, sectionId, position: nextLessonPosition(sectionId) })
      .returning();
    return row!;
  },

  async findLesson(db: DbOrTx, courseId: string, lessonId: string): Promise<LessonRow | undefined> {
    const [row] = await db
      .select()
      .from(lessons)
      .where(and(eq(lessons.id, lessonId), eq(lessons.courseId, courseId)))
      .limit(1);
    return row;
  },

  /** A new sectionId moves the lesson to the end of that section. */
  async updateLesson(
    tx: DbOrTx,
    lesson: LessonRow,
    values: Partial<LessonValues> & { sectionId?: string },
  ): Promise<LessonRow> {
    const moving = values.sectionId !== undefined && values.sectionId !== lesson.sectionId;
    const [row] = await tx
      .update(lessons)
      .set({ ...values, ...(moving ? { position: nextLessonPosition(values.sectionId!) } : {}), updatedAt: sql`now()` })
      .where(eq(lessons.id, lesson.id))
      .returning();
    return row!;
  },

  async deleteLesson(tx: DbOrTx, lessonId: string): Promise<void> {
    await tx.delete(lessons).where(eq(lessons.id, lessonId));
  },

  /**
   * The lessons that link an upload as their video, an attachment or captions, each with its
   * course's facts for `userId` (not enrolled for a visitor): one statement, served by the three
   * lesson indexes on those columns (a BitmapOr), whatever the number of lessons.
   */
  async mediaLinks(db: DbOrTx, uploadId: string, userId: string | null): Promise<LessonMediaLink[]> {
    const rows = await db
      .select({
        preview: lessons.preview,
        tutorId: courses.tutorId,
        status: courses.status,
        enrolmentId: enrolments.id,
      })
      .from(lessons)
      .innerJoin(courses, eq(courses.id, lessons.courseId))
      .leftJoin(
        enrolments,
        and(eq(enrolments.courseId, lessons.courseId), userId ? eq(enrolments.userId, userId) : sql`false`),
      )
      .where(
        or(
          eq(lessons.videoUploadId, uploadId),
          sql`${lessons.attachmentUploadIds} @> ${uuidArray([uploadId])}`,
          eq(lessons.captionsUploadId, uploadId),
        ),
      );
    return rows.map((r) => ({
      preview: r.preview,
      facts: { tutorId: r.tutorId, status: r.status, enrolled: r.enrolmentId !== null },
    }));
  },
};

function nextLessonPosition(sectionId: string) {
  return sql`(select coalesce(max(${lessons.position}), 0) + 1 from ${lessons} where ${lessons.sectionId} = ${sectionId})`;
}
