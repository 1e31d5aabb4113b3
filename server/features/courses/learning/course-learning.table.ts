import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '#server/features/accounts/accounts.table';
import { courses, lessons } from '../catalogue/courses.table';

/** A learner's place in a course: one row per learner and course, whatever the number of enrol calls. */
export const enrolments = pgTable(
  'enrolments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'restrict' }),
    /** 'free', or 'purchase' when a confirmed payment granted it (the payment row says which). */
    source: text('source').notNull().default('free'),
    lastLessonId: uuid('last_lesson_id').references(() => lessons.id, { onDelete: 'set null' }),
    lastPositionSeconds: integer('last_position_seconds').notNull().default(0),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('enrolments_user_course_idx').on(t.userId, t.courseId),
    index('enrolments_course_idx').on(t.courseId),
  ],
);

export const lessonCompletions = pgTable(
  'lesson_completions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.lessonId] }),
    index('lesson_completions_user_course_idx').on(t.userId, t.courseId),
  ],
);

/**
 * What the server saw of a learner in one lesson (decision 052): the stretches of video watched
 * at playing speed, the seconds the lesson was open (by the server's clock between two reports),
 * and whether its end was reached. A lesson completes from these facts, never from a flag.
 */
export const lessonProgress = pgTable(
  'lesson_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** Merged [start, end] second ranges of the video watched. */
    watched: jsonb('watched').$type<Array<[number, number]>>().notNull().default([]),
    /** The longest video length the browser reported, for lessons whose tutor gave none. */
    reportedDurationSeconds: integer('reported_duration_seconds').notNull().default(0),
    openSeconds: integer('open_seconds').notNull().default(0),
    scrolledToEnd: boolean('scrolled_to_end').notNull().default(false),
    lastPositionSeconds: integer('last_position_seconds'),
    lastBeatAt: timestamp('last_beat_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.lessonId] }),
    index('lesson_progress_user_course_idx').on(t.userId, t.courseId),
  ],
);

export const courseReviews = pgTable(
  'course_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    text: text('text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('course_reviews_course_user_idx').on(t.courseId, t.userId),
    index('course_reviews_course_created_idx').on(
      t.courseId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

export type EnrolmentRow = typeof enrolments.$inferSelect;
export type LessonProgressRow = typeof lessonProgress.$inferSelect;
export type CourseReviewRow = typeof courseReviews.$inferSelect;
