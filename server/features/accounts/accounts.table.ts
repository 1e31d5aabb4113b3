import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TRestriction, TRole } from '#shared/roles';
import { searchDocument, tsvector } from '#server/db/search';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').$type<TRole>().notNull().default('general'),
    /** Every role the member holds; `role` (the primary one, for navigation) is always among them (check in migration roles_custom). */
    roles: text('roles')
      .array()
      .$type<TRole[]>()
      .notNull()
      .default(sql`'{general}'::text[]`),
    emailVerified: boolean('email_verified').notNull().default(false),
    avatarUrl: text('avatar_url'),
    /** When the member's last realtime connection closed (presence, decision 010). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** The IANA zone notifications, mails and reminders state times in (issue 26); checked with Intl. */
    timeZone: text('time_zone').notNull().default('Africa/Lagos'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the account was deleted. Set by the account deletion of the privacy work (issue 11);
     * from then on `person.ts` shows the member as a former member and `members.ts` stops
     * reaching them; the session lookup (auth.repo.ts) stops signing it in and sign-in, password
     * reset and resent verification treat it as unknown (accounts.service.ts `findLive*`).
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * The name as searched, stored: made on every search it cost about 0.2 ms a member, which a
     * directory of 100,000 talents turns into seconds a page (decision 036).
     */
    nameVector: tsvector('name_vector').generatedAlwaysAs((): SQL => searchDocument([['full_name', 'A']])),
  },
  (t) => [
    // Case-insensitive uniqueness: "Ada" and "ada" are one account.
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.role),
  ],
);

export const suspensions = pgTable(
  'suspensions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    restrictions: text('restrictions').array().$type<TRestriction[]>().notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
    /** The admin who lifted it; null when it ended by itself or the admin's account is gone. */
    liftedBy: uuid('lifted_by').references(() => users.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('suspensions_user_idx').on(t.userId)],
);

/** The search vector stays in the database. */
export type UserRow = Omit<typeof users.$inferSelect, 'nameVector'>;
/** A user as it may travel inside the server past its repository: everything but the hash. */
export type AccountRow = Omit<UserRow, 'passwordHash'>;

const { passwordHash: _hash, ...accountFields } = getTableColumns(users);
/** Every column but the hash: the signed-in member as the session lookup loads them. */
export const accountColumns = accountFields;
export type SuspensionRow = typeof suspensions.$inferSelect;
