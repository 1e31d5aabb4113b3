import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TLanguage, TLocation } from '../../../shared/profiles/locations';
import type { TProfileLinks } from '../../../shared/profiles/profiles.schemas';
import { users } from '../accounts/accounts.table';
import { skillLinks } from '../skills/skill-links';
import { uploads } from '../uploads/uploads.table';

/**
 * What a member says about themselves (decision 017), one row per member who has edited it. The
 * name and the avatar's URL stay on `users`, where every feature's `people()` join reads them.
 */
export const profiles = pgTable(
  'profiles',
  {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  headline: text('headline').notNull().default(''),
  /** Markdown, rendered by the client's safe renderer. */
  bio: text('bio').notNull().default(''),
  location: text('location').$type<TLocation>(),
  links: jsonb('links').$type<TProfileLinks>().notNull().default({}),
  languages: text('languages').array().$type<TLanguage[]>().notNull().default(sql`'{}'::text[]`),
  /** The avatar upload behind users.avatar_url: garbage collection asks for it (profiles' referrer). */
  avatarUploadId: uuid('avatar_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Garbage collection asks which uploads are avatars.
  (t) => [index('profiles_avatar_upload_idx').on(t.avatarUploadId)],
);

export type ProfileRow = typeof profiles.$inferSelect;

/** A member's skills, in the order they chose. */
export const userSkills = skillLinks('user_skills', 'user_id', () => users.id);
