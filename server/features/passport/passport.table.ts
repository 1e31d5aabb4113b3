import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table';
import { skills } from '../skills/skills.table';

/**
 * A mentor's word for a mentee's skill (issue 31, decision 071): one per mentor, mentee and
 * skill, the only evidence the passport keeps itself; everything else is derived from the areas
 * that hold it. Erased with either account (the passport's privacy eraser).
 */
export const mentorEndorsements = pgTable(
  'mentor_endorsements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mentorId: uuid('mentor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    menteeId: uuid('mentee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    skillId: uuid('skill_id')
      .notNull()
      .references(() => skills.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Once per skill per mentee: a second is a 409, never a duplicate, even from two requests at once.
    uniqueIndex('mentor_endorsements_once_idx').on(t.mentorId, t.menteeId, t.skillId),
    index('mentor_endorsements_mentee_idx').on(t.menteeId),
    check('mentor_endorsements_not_self', sql`${t.mentorId} <> ${t.menteeId}`),
  ],
);

/** The evidence items a member took out of the public view, by the passport's evidence id. */
export const passportHiddenEvidence = pgTable(
  'passport_hidden_evidence',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    evidenceId: text('evidence_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.evidenceId] })],
);
