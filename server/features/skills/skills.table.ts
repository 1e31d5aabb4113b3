import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table';

/**
 * The one skills vocabulary (decision 017): profiles, courses, and later jobs, gigs and mentor
 * expertise point at these rows through join tables of their own, so matching is by id. Seeded
 * by a migration; members may add to it (`created_by`).
 */
export const skills = pgTable(
  'skills',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    /** Other names people type for it, lower case (javascript: js, ecmascript). */
    synonyms: text('synonyms')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Who proposed it; null for the seeded vocabulary and when that account is gone. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('skills_slug_idx').on(t.slug), index('skills_created_by_idx').on(t.createdBy)],
);

export type SkillRow = typeof skills.$inferSelect;
