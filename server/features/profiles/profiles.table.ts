import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { searchDocument, tsvector } from '#server/db/search';
import type { TLanguage, TLocation } from '#shared/profiles/locations';
import type { TProfileLinks } from '#shared/profiles/profiles.schemas';
import { users } from '../accounts/accounts.table';
import { skillLinks } from '../skills/skill-links.table';
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
    languages: text('languages')
      .array()
      .$type<TLanguage[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The avatar upload behind users.avatar_url: garbage collection asks for it (profiles' referrer). */
    avatarUploadId: uuid('avatar_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Headline and bio as searched (the talent directory): stored, because making it on every
     * search cost about a millisecond a member, over a minute on 100,000 talents (decision 036).
     */
    searchVector: tsvector('search_vector').generatedAlwaysAs((): SQL =>
      searchDocument([
        ['headline', 'B'],
        ['bio', 'C'],
      ]),
    ),
  },
  // Garbage collection asks which uploads are avatars.
  (t) => [index('profiles_avatar_upload_idx').on(t.avatarUploadId)],
);

/** A profile as the code reads it: the search vector stays in the database. */
export type ProfileRow = Omit<typeof profiles.$inferSelect, 'searchVector'>;

/** Every column but the search vector, for selects and RETURNING. */
export const profileColumns = (() => {
  const { searchVector: _vector, ...columns } = getTableColumns(profiles);
  return columns;
})();

/** A member's skills, in the order they chose. */
export const userSkills = skillLinks('user_skills', 'user_id', () => users.id);
