import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { bigint, boolean, doublePrecision, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TCurrency } from '#shared/money';
import type {
  TCourseCategory,
  TCourseLanguage,
  TCourseLevel,
  TCourseStatus,
  TLessonKind,
} from '#shared/courses/courses.constants';
import { users } from '#server/features/accounts/accounts.table';
import { uploads } from '#server/features/uploads/uploads.table';
import { searchDocument, tsvector } from '#server/db/search';

export const courses = pgTable(
  'courses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tutorId: uuid('tutor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').$type<TCourseCategory>().notNull(),
    level: text('level').$type<TCourseLevel>().notNull(),
    language: text('language').$type<TCourseLanguage>().notNull().default('en'),
    // Kobo can pass 2^31 (the schema allows ₦100,000,000): bigint, read as a JS number.
    priceMinor: bigint('price_minor', { mode: 'number' }).notNull().default(0),
    currency: text('currency').$type<TCurrency>().notNull().default('NGN'),
    thumbnailUploadId: uuid('thumbnail_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    /** Copied from the upload when set, so that catalogue cards need no join. */
    thumbnailUrl: text('thumbnail_url'),
    status: text('status').$type<TCourseStatus>().notNull().default('draft'),
    rejectionReason: text('rejection_reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    // Counters kept in the same transaction as the change they count: the catalogue reads them
    // instead of aggregating reviews, enrolments and lessons on every request.
    ratingAverage: doublePrecision('rating_average'),
    ratingCount: integer('rating_count').notNull().default(0),
    enrolmentCount: integer('enrolment_count').notNull().default(0),
    lessonCount: integer('lesson_count').notNull().default(0),
    durationSeconds: integer('duration_seconds').notNull().default(0),
    /** Title above summary above description, folded and split as server/lib/search reads queries. */
    searchVector: tsvector('search_vector').generatedAlwaysAs((): SQL =>
      searchDocument([
        ['title', 'A'],
        ['summary', 'B'],
        ['description', 'C'],
      ]),
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('courses_search_idx').using('gin', t.searchVector),
    index('courses_tutor_idx').on(t.tutorId, t.updatedAt.desc().nullsFirst()),
    // The catalogue's default order, straight off an index of published rows only.
    index('courses_published_idx')
      .on(t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`status = 'published'`),
    // The other catalogue sorts, likewise: top rated and by price, without sorting every row.
    index('courses_published_rating_idx')
      .on(
        t.ratingAverage.desc().nullsLast(),
        t.ratingCount.desc().nullsFirst(),
        t.publishedAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`status = 'published'`),
    index('courses_published_price_idx')
      .on(t.priceMinor, t.publishedAt.desc().nullsFirst())
      .where(sql`status = 'published'`),
    index('courses_status_submitted_idx').on(t.status, t.submittedAt),
  ],
);

export const courseSections = pgTable(
  'course_sections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('course_sections_course_idx').on(t.courseId, t.position)],
);

export const lessons = pgTable(
  'lessons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Kept beside sectionId so that a course's lessons are one indexed read.
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    sectionId: uuid('section_id')
      .notNull()
      .references(() => courseSections.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    kind: text('kind').$type<TLessonKind>().notNull(),
    body: text('body').notNull().default(''),
    durationSeconds: integer('duration_seconds').notNull().default(0),
    preview: boolean('preview').notNull().default(false),
    videoUploadId: uuid('video_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    videoUrl: text('video_url'),
    attachmentUploadIds: uuid('attachment_upload_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** A video lesson's WebVTT captions (an upload of kind captions), its menu label and BCP 47 language. */
    captionsUploadId: uuid('captions_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    captionsLabel: text('captions_label').notNull().default('English'),
    captionsLanguage: text('captions_language').notNull().default('en'),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lessons_course_idx').on(t.courseId),
    index('lessons_section_idx').on(t.sectionId, t.position),
    // Every fetch of a private file asks which lessons link it (course-content.repo mediaLinks):
    // an index lookup each, not a scan of every lesson. The first also serves the FK's set null.
    index('lessons_video_upload_idx').on(t.videoUploadId),
    index('lessons_attachment_uploads_idx').using('gin', t.attachmentUploadIds),
    index('lessons_captions_upload_idx').on(t.captionsUploadId),
  ],
);

/** A course as the code reads it: the search vector stays in the database. */
export type CourseRow = Omit<typeof courses.$inferSelect, 'searchVector'>;

/** Every column but the search vector, for selects and RETURNING. */
export const courseColumns = (() => {
  const { searchVector: _vector, ...columns } = getTableColumns(courses);
  return columns;
})();
export type SectionRow = typeof courseSections.$inferSelect;
export type LessonRow = typeof lessons.$inferSelect;
