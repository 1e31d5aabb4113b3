import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TQuestionKind, TRevealAnswers, TSubmissionStatus } from '#shared/courses/assessments.schemas';
import { users } from '#server/features/accounts/accounts.table';
import { uploads } from '#server/features/uploads/uploads.table';
import { courses, lessons } from '../catalogue/courses.table';

/** A question as stored: its right answers stay on the server (decision 023). */
export interface StoredQuestion {
  id: string;
  kind: TQuestionKind;
  prompt: string;
  options: Array<{ id: string; text: string }>;
  /** Ids of the right options (choice questions). */
  correctOptionIds: string[];
  /** Accepted short answers, as the tutor wrote them. */
  accepted: string[];
  explanation: string;
}

/** What a learner answered to one question, and whether it was right. */
export interface StoredAnswer {
  questionId: string;
  optionIds: string[];
  text: string;
  correct: boolean;
}

/** A quiz lesson's questions and rules: one row per quiz lesson, gone with the lesson. */
export const lessonQuizzes = pgTable('lesson_quizzes', {
  lessonId: uuid('lesson_id')
    .primaryKey()
    .references(() => lessons.id, { onDelete: 'cascade' }),
  passPercent: integer('pass_percent').notNull().default(70),
  /** null: unlimited (the tutor's explicit choice; decision 052 makes 3 the default). */
  attemptsLimit: integer('attempts_limit').default(3),
  /** When a learner sees the explanations: once passed, or once passed or out of attempts. */
  revealAnswers: text('reveal_answers').$type<TRevealAnswers>().notNull().default('after_passing'),
  /** A quiz is read and saved whole (at most 50 questions): one document, not a table of rows. */
  questions: jsonb('questions').$type<StoredQuestion[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1, 2, 3... per learner and quiz; unique, the last guard of the attempts limit. */
    number: integer('number').notNull(),
    scorePercent: integer('score_percent').notNull(),
    passed: boolean('passed').notNull(),
    answers: jsonb('answers').$type<StoredAnswer[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('quiz_attempts_lesson_user_number_idx').on(t.lessonId, t.userId, t.number),
    index('quiz_attempts_user_idx').on(t.userId),
  ],
);

/** An assignment lesson's due date: absolute, or counted from each learner's enrolment. */
export const lessonAssignments = pgTable('lesson_assignments', {
  lessonId: uuid('lesson_id')
    .primaryKey()
    .references(() => lessons.id, { onDelete: 'cascade' }),
  dueAt: timestamp('due_at', { withTimezone: true }),
  dueDays: integer('due_days'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A learner's current work on an assignment: one row, replaced by a resubmission. */
export const assignmentSubmissions = pgTable(
  'assignment_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'text' | 'file' | 'link'>().notNull(),
    text: text('text'),
    url: text('url'),
    uploadId: uuid('upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    status: text('status').$type<TSubmissionStatus>().notNull().default('submitted'),
    feedback: text('feedback').notNull().default(''),
    late: boolean('late').notNull().default(false),
    /** How many times it was handed in (1 for the first). */
    rounds: integer('rounds').notNull().default(1),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    gradedAt: timestamp('graded_at', { withTimezone: true }),
    gradedBy: uuid('graded_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('assignment_submissions_lesson_user_idx').on(t.lessonId, t.userId),
    // The tutor's queue: work awaiting a grade, oldest first.
    index('assignment_submissions_waiting_idx')
      .on(t.courseId, t.submittedAt)
      .where(sql`status = 'submitted'`),
    index('assignment_submissions_user_idx').on(t.userId),
    index('assignment_submissions_upload_idx').on(t.uploadId),
  ],
);

export type QuizRow = typeof lessonQuizzes.$inferSelect;
export type QuizAttemptRow = typeof quizAttempts.$inferSelect;
export type AssignmentRow = typeof lessonAssignments.$inferSelect;
export type SubmissionRow = typeof assignmentSubmissions.$inferSelect;
