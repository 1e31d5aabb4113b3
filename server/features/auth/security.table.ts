import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TConsentDocument } from '#shared/accounts/security.schemas';
import { users } from '../accounts/accounts.table';

/**
 * Which version of the terms and of the privacy policy a member accepted, when, from where
 * (decision 019). Append-only: a custom migration refuses deletes and any update but the
 * erasure's clearing of `ip` and `user_agent`. A legal record, so an account's erasure keeps the
 * rows, pointing at the anonymised account; `restrict` keeps them from going with a deleted row.
 */
export const consents = pgTable(
  'consents',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    document: text('document').$type<TConsentDocument>().notNull(),
    version: text('version').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('consents_user_document_idx').on(t.userId, t.document, t.version)],
);

/**
 * A change of email waiting for its link to be opened: at most one per member. The address
 * takes over only then, and only if no account holds it by that time.
 */
export const emailChanges = pgTable('email_changes', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  newEmail: text('new_email').notNull(),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export type ConsentRow = typeof consents.$inferSelect;
