import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table';

/** Where a member's payouts go: one Nigerian bank account, its holder's name resolved by the gateway. */
export const payoutAccounts = pgTable('payout_accounts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  bankCode: text('bank_code').notNull(),
  bankName: text('bank_name').notNull(),
  accountNumber: text('account_number').notNull(),
  accountName: text('account_name').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  /** After a change of account, payouts wait until then (decision 059). */
  heldUntil: timestamp('held_until', { withTimezone: true }),
  /**
   * The gateway's code for this account (a Paystack transfer recipient), made at the first payout
   * and kept so it is made once; `recipient_scope` names the gateway account it belongs to
   * (decision 061). Cleared when the account changes.
   */
  recipientCode: text('recipient_code'),
  recipientScope: text('recipient_scope'),
});

/**
 * One withdrawal. Its id is the transfer's reference at the gateway, so a retried send never
 * pays twice; the account it went to is copied, as a later change of account must not redirect it.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountMinor: integer('amount_minor').notNull(),
    feeMinor: integer('fee_minor').notNull(),
    currency: text('currency').notNull(),
    bankCode: text('bank_code').notNull(),
    accountNumber: text('account_number').notNull(),
    accountName: text('account_name').notNull(),
    gateway: text('gateway').notNull(),
    status: text('status').notNull().default('pending'),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('payouts_user_created_idx').on(t.userId, t.createdAt),
    index('payouts_status_idx').on(t.status, t.createdAt),
  ],
);
