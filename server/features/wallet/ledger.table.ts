import { bigint, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table';

/**
 * The earnings ledger (issue 27, decision 059): double-entry in kobo, append-only. An account is a
 * member's bucket (`pending`, `available`, `held`, `paid_out`) or one of the platform's own
 * (`platform_fees`, `gateway_clearing`, `payouts_in_flight`: no owner). `balance_minor` is kept
 * by the same statement that adds a line, for speed; the lines are the truth, and tests check
 * one against the other.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'restrict' }),
    kind: text('kind').notNull(),
    currency: text('currency').notNull(),
    balanceMinor: bigint('balance_minor', { mode: 'number' }).notNull().default(0),
  },
  (t) => [unique('ledger_accounts_key').on(t.ownerId, t.kind, t.currency).nullsNotDistinct()],
);

/**
 * One movement of money, named by its source (`payment:<id>`, `refund:<id>`) and kind: posting
 * it twice is a no-op (the unique key), so a webhook replayed five times posts once.
 */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    source: text('source').notNull(),
    /** What the posting is about, shared by its follow-ups: a sale, its clearing and its refunds all say `payment:<id>`. */
    subject: text('subject').notNull(),
    description: text('description').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('ledger_postings_once').on(t.source, t.kind),
    index('ledger_postings_kind_created_idx').on(t.kind, t.createdAt),
    index('ledger_postings_subject_idx').on(t.subject),
  ],
);

/** A posting's lines sum to zero (checked before insert and by a deferred trigger). */
export const ledgerLines = pgTable(
  'ledger_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postingId: uuid('posting_id')
      .notNull()
      .references(() => ledgerPostings.id, { onDelete: 'restrict' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // A wallet's page, newest first, straight off the index (NULLS FIRST is what ORDER BY ... DESC means).
    index('ledger_lines_account_created_idx').on(
      t.accountId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('ledger_lines_posting_idx').on(t.postingId),
  ],
);
