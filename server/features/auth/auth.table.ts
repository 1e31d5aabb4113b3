import { bigint, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table';

/** Sessions are looked up by the SHA-256 of the cookie value; the raw id never rests on disk. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    /**
     * The session as its owner's sessions list names it (decision 019): random and unrelated to
     * the cookie, so showing or leaking it can never sign anyone in.
     */
    publicId: uuid('public_id').notNull().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
    uniqueIndex('sessions_public_id_idx').on(t.publicId),
  ],
);

/**
 * `guardian_consent`: a link mailed for a member to their parent or guardian (privacy/age-gate.ts); `change_email`: a new address's confirmation (decision 019);
 * `sign_in_link`: a one-time link that signs in instead of the password (decision 049).
 * `two_factor_login` is never mailed: it is the challenge of an admin sign-in between the password and the code (decision 033).
 */
export const TOKEN_PURPOSES = [
  'verify_email',
  'reset_password',
  'change_email',
  'guardian_consent',
  'admin_invite',
  'two_factor_login',
  'sign_in_link',
] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

/** Single-use tokens (mail links, and the two-factor sign-in's challenge), stored hashed. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<TokenPurpose>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_tokens_user_purpose_idx').on(t.userId, t.purpose)],
);

/**
 * Failed sign-ins, kept a day, counted to slow guessing (decision 014). `account` is `user:<id>`
 * for a known account and `name:<what was typed>` otherwise, so both are limited alike.
 * `device` is the hash of the device cookie when the attempt came from a device trusted for
 * this account; such failures count against that device only, never the account as a whole.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    account: text('account').notNull(),
    address: text('address').notNull(),
    device: text('device'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_failures_account_at_idx').on(t.account, t.at), index('login_failures_at_idx').on(t.at)],
);

/** Devices that signed in to an account before: the SHA-256 of the device cookie, per account. */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tokenHash, t.userId] }), index('trusted_devices_last_used_idx').on(t.lastUsedAt)],
);
