import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { suspensions, users } from '../accounts/accounts.table';

export const APPEAL_STATUSES = ['open', 'granted', 'denied'] as const;
export type TAppealStatus = (typeof APPEAL_STATUSES)[number];

/** A suspended member's appeal: lands in the admins' queue; granting it lifts the suspension. */
export const suspensionAppeals = pgTable(
  'suspension_appeals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    suspensionId: uuid('suspension_id')
      .notNull()
      .references(() => suspensions.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    status: text('status').$type<TAppealStatus>().notNull().default('open'),
    decisionNote: text('decision_note'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('suspension_appeals_status_created_idx').on(t.status, t.createdAt),
    index('suspension_appeals_user_idx').on(t.userId),
    // One open appeal per suspension: a second press of the button cannot queue it twice.
    uniqueIndex('suspension_appeals_one_open_idx')
      .on(t.suspensionId)
      .where(sql`status = 'open'`),
  ],
);

/** Who opened a queue item first: the item is theirs to act on while the claim is fresh. */
export const adminQueueClaims = pgTable(
  'admin_queue_claims',
  {
    kind: text('kind').notNull(),
    itemId: text('item_id').notNull(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.itemId] })],
);

/** When an admin last typed their password in this session (sign-in or the console's confirmation). */
export const adminConfirmations = pgTable('admin_confirmations', {
  sessionHash: text('session_hash').primaryKey(),
  adminId: uuid('admin_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull(),
});
