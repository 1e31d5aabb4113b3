import { sql, type SQL } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '#server/features/accounts/accounts.table';
import { searchDocument, tsvector } from '#server/db/search';
import { courses, lessons } from '../catalogue/courses.table';

/** A learner's question on a lesson (decision 024); the tutor and other learners answer it. */
export const lessonQuestions = pgTable(
  'lesson_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    /** Null once the author erased their data and others' answers kept the question. */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    pinned: boolean('pinned').notNull().default(false),
    /** Kept with each answer: the tutor's "without an answer" list reads it, not a count per row. */
    answerCount: integer('answer_count').notNull().default(0),
    searchVector: tsvector('search_vector').generatedAlwaysAs((): SQL =>
      searchDocument([
        ['title', 'A'],
        ['body', 'B'],
      ]),
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lesson_questions_course_idx').on(t.courseId, t.pinned.desc(), t.createdAt.desc()),
    index('lesson_questions_lesson_idx').on(t.lessonId, t.pinned.desc(), t.createdAt.desc()),
    index('lesson_questions_author_idx').on(t.authorId),
    index('lesson_questions_unanswered_idx')
      .on(t.courseId, t.createdAt)
      .where(sql`answer_count = 0`),
  ],
);

export const lessonAnswers = pgTable(
  'lesson_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => lessonQuestions.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    /** Marked by the tutor; at most one per question. */
    accepted: boolean('accepted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lesson_answers_question_idx').on(t.questionId, t.createdAt),
    index('lesson_answers_author_idx').on(t.authorId),
    uniqueIndex('lesson_answers_accepted_idx')
      .on(t.questionId)
      .where(sql`accepted`),
  ],
);

export type LessonQuestionRow = Omit<typeof lessonQuestions.$inferSelect, 'searchVector'>;
export type LessonAnswerRow = typeof lessonAnswers.$inferSelect;
