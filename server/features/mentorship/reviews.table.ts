import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table';
import { mentorSubscriptions } from './mentorship.table';

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
  },
  (t) => [
    uniqueIndex('mentor_reviews_period_idx').on(t.subscriptionId, t.periodStart),
    index('mentor_reviews_mentor_created_idx').on(t.mentorId, t.createdAt),
    index('mentor_reviews_mentee_idx').on(t.menteeId),
    check('mentor_reviews_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);

export type MentorReviewRow = typeof mentorReviews.$inferSelect;
