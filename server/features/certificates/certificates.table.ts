import { jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TAssessedWork } from '#shared/courses/assessments.schemas';
import { users } from '../accounts/accounts.table';
import { courses } from '../courses/catalogue/courses.table';

/**
 * One certificate per learner and course. The names are copied at issue time: a certificate
 * states what was true when it was earned, whatever is renamed later.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'restrict' }),
    learnerName: text('learner_name').notNull(),
    courseTitle: text('course_title').notNull(),
    tutorName: text('tutor_name').notNull(),
    /** The quizzes and assignments passed, copied at issue like the names. */
    assessedWork: jsonb('assessed_work').$type<TAssessedWork[]>().notNull().default([]),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('certificates_code_idx').on(t.code),
    uniqueIndex('certificates_user_course_idx').on(t.userId, t.courseId),
  ],
);

export type CertificateRow = typeof certificates.$inferSelect;
