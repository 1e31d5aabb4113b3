import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '#server/features/accounts/accounts.table';
import { mentorSubscriptions } from '../mentorship.table';

/**
 * A mentee's review of a mentor (issue 15 item 6): one per subscription period, which the unique
 * index holds even when two requests race; the period is named by the subscription's period start.
 */
export const mentorReviews = pgTable(
  'mentor_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mentorId: uuid('mentor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    menteeId: uuid('mentee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => mentorSubscriptions.id, { onDelete: 'cascade' }),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    rating: integer('rating').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The reviewed mentor's one public reply (decision 035); null until they write it or after they remove it. */
    replyText: text('reply_text'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    replyEditedAt: timestamp('reply_edited_at', { withTimezone: true }),
    /** Set while an admin hides the review (who did is in the admin audit log, not here). */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
  },
  (t) => [
    uniqueIndex('mentor_reviews_period_idx').on(t.subscriptionId, t.periodStart),
    index('mentor_reviews_mentor_created_idx').on(t.mentorId, t.createdAt),
    index('mentor_reviews_mentee_idx').on(t.menteeId),
    check('mentor_reviews_rating_check', sql`${t.rating} between 1 and 5`),
    check('mentor_reviews_reply_length_check', sql`char_length(${t.replyText}) <= 1000`),
  ],
);

export type MentorReviewRow = typeof mentorReviews.$inferSelect;
