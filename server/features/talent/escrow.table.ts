import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TMilestoneOutcome, TMilestoneStatus } from '#shared/talent/escrow.schemas';
import { users } from '../accounts/accounts.table';
import { gigs } from './talent.table';

/**
 * A gig's escrow, one row per milestone (issue 27, decision 060). The status moves only by
 * conditional updates (`where status in (...)`) in the same transaction as the ledger posting
 * that moves the money, so a release racing a refund moves it once. The money itself is in the
 * wallet's ledger; these rows say which milestone it belongs to.
 */
export const gigMilestones = pgTable(
  'gig_milestones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    gigId: uuid('gig_id')
      .notNull()
      .references(() => gigs.id, { onDelete: 'cascade' }),
    /** The plan's order, from 0. */
    position: smallint('position').notNull(),
    title: text('title').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull().default('NGN'),
    dueDate: date('due_date'),
    status: text('status').$type<TMilestoneStatus>().notNull().default('unfunded'),
    /** The payment that funded it (payments' id: the refund goes back through it). */
    paymentId: uuid('payment_id'),
    /** The platform's fee on it, fixed when it was funded as a course sale's is. */
    feeMinor: integer('fee_minor'),
    /** What went to the talent and back to the poster once it is settled (a split does both). */
    releasedMinor: integer('released_minor').notNull().default(0),
    refundedMinor: integer('refunded_minor').notNull().default(0),
    fundedAt: timestamp('funded_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    /** Who disputed it, why, and what status it had: an admin's decision reads them. */
    disputedBy: uuid('disputed_by').references(() => users.id, { onDelete: 'set null' }),
    disputeReason: text('dispute_reason'),
    disputedAt: timestamp('disputed_at', { withTimezone: true }),
    resolution: text('resolution').$type<TMilestoneOutcome>(),
    resolutionReason: text('resolution_reason'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('gig_milestones_gig_idx').on(t.gigId, t.position),
    // The admin queue's "gigs with a disputed milestone".
    index('gig_milestones_disputed_idx')
      .on(t.disputedAt)
      .where(sql`status = 'disputed'`),
    check('gig_milestones_amount', sql`${t.amountMinor} > 0`),
    check(
      'gig_milestones_status',
      sql`${t.status} in ('unfunded', 'funded', 'submitted', 'released', 'refunded', 'disputed', 'cancelled')`,
    ),
    check('gig_milestones_settled', sql`${t.releasedMinor} + ${t.refundedMinor} <= ${t.amountMinor}`),
  ],
);

export type MilestoneRow = typeof gigMilestones.$inferSelect;
