import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TPassportLevel } from '#shared/passport/passport.schemas';
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

/**
 * Each member's skills at the level the public sees (hidden items not counted), stored so that
 * the talent directory tests the level inside its one statement (decision 079, addendum). Only
 * skills with public evidence have a row: no row is `claimed`. The passport rewrites a member's
 * rows whenever their evidence changes, in the changing transaction; `falls_at` is when decay
 * alone would move the level down (null for `learning`, which decay never lowers), the moment the
 * hourly job recomputes it.
 */
export const passportLevels = pgTable(
  'passport_levels',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    skillId: uuid('skill_id')
      .notNull()
      .references(() => skills.id, { onDelete: 'cascade' }),
    level: text('level').$type<Exclude<TPassportLevel, 'claimed'>>().notNull(),
    fallsAt: timestamp('falls_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.skillId] }),
    check('passport_levels_level', sql`${t.level} in ('learning', 'proven', 'expert')`),
    // The directory's test: members at these levels in this skill.
    index('passport_levels_skill_level_idx').on(t.skillId, t.level, t.userId),
    // The hourly job's: levels whose decay is due.
    index('passport_levels_falls_at_idx')
      .on(t.fallsAt)
      .where(sql`${t.fallsAt} is not null`),
  ],
);
