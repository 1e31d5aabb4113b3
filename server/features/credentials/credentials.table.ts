import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TCredentialAchievement, TCredentialEvidence } from '#shared/credentials/credentials.schemas';
import { users } from '../accounts/accounts.table';

/**
 * Every portable credential issued (decision 073): what it says is copied at issue, as a
 * certificate's names are, because a signed statement must read the same every time it is
 * fetched. `status_index` is the credential's bit in the revocation status list.
 */
export const credentials = pgTable(
  'credentials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Kept when the holder is erased (set null), so verifiers still find it and see it revoked.
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** What it is about, per holder: `course:<courseId>` or `skill:<slug>`. */
    subjectKey: text('subject_key').notNull(),
    holderName: text('holder_name').notNull(),
    achievement: jsonb('achievement').$type<TCredentialAchievement>().notNull(),
    evidence: jsonb('evidence').$type<TCredentialEvidence[]>().notNull().default([]),
    statusIndex: integer('status_index').generatedAlwaysAsIdentity().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [
    // One live credential per holder and subject: issuing again returns it (idempotent).
    uniqueIndex('credentials_live_subject_idx')
      .on(t.userId, t.subjectKey)
      .where(sql`revoked_at is null`),
    uniqueIndex('credentials_status_index_idx').on(t.statusIndex),
    index('credentials_revoked_idx')
      .on(t.statusIndex)
      .where(sql`revoked_at is not null`),
  ],
);

/**
 * The platform's signing key, one row made once by whichever node starts first (insert … on
 * conflict do nothing, then read back): every node signs with the same key.
 */
export const credentialKeys = pgTable('credential_keys', {
  id: text('id').primaryKey(),
  privateJwk: jsonb('private_jwk').$type<Record<string, string>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type CredentialRow = typeof credentials.$inferSelect;
