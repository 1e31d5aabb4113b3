import { sql } from 'drizzle-orm';
import { date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table';
import { uploads } from '../uploads/uploads.table';

/** A member's date of birth, asked once at the first money step (age-gate.ts); only an admin changes it. */
export const birthDates = pgTable('birth_dates', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
  recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
});

/**
 * A parent's or guardian's consent for a member of 16 or 17: the member names them, a mailed
 * link (auth's `auth.mail-link` job, purpose `guardian_consent`) lets them confirm. One per member:
 * naming another guardian replaces a request not yet confirmed. Kept after the account is erased,
 * as the record that the payments it allowed were lawful (decision 020).
 */
export const guardianConsents = pgTable('guardian_consents', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  guardianName: text('guardian_name').notNull(),
  guardianEmail: text('guardian_email').notNull(),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
  consentedAt: timestamp('consented_at', { withTimezone: true }),
  consentIp: text('consent_ip'),
  consentUserAgent: text('consent_user_agent'),
});

/** "Download my data": built by the `privacy.build-export` job into a ZIP stored as an upload. */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<'building' | 'ready'>().notNull(),
    // Garbage collection of the file (after its 24 hours) takes the export with it.
    uploadId: uuid('upload_id').references(() => uploads.id, { onDelete: 'cascade' }),
    /** The upload's stored name: the key the download reads. */
    storedName: text('stored_name'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('data_exports_user_idx').on(t.userId),
    // One export building per member: a second request while it builds gets the same one.
    uniqueIndex('data_exports_one_building_idx')
      .on(t.userId)
      .where(sql`status = 'building'`),
  ],
);

/** A deletion asked for and not yet done: erased at `due_at` by the `privacy.erase-account` job unless cancelled. */
export const accountDeletions = pgTable('account_deletions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
  dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
});

export type DataExportRow = typeof dataExports.$inferSelect;
export type GuardianConsentRow = typeof guardianConsents.$inferSelect;
