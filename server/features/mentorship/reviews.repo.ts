import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { people, personColumns } from '../accounts/person';
import { mentorSubscriptions } from './mentorship.table';
import { mentorReviews } from './reviews.table';
import { mentorSessions } from './sessions.table';

/** Mentor reviews (issue 15 item 6): the only code that touches mentor_reviews. */
export const reviewsRepo = {
  /**
   * Sessions with this mentor that were held: completed, and neither side a no-show (a session
   * the mentee missed, or the mentor did, gives nothing to review).
   */
  async heldSessions(db: DbOrTx, menteeId: string, mentorId: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(mentorSessions)
      .where(
        and(
          eq(mentorSessions.menteeId, menteeId),
          eq(mentorSessions.mentorId, mentorId),
          eq(mentorSessions.status, 'completed'),
          eq(mentorSessions.mentorNoShow, false),
          eq(mentorSessions.menteeNoShow, false),
        ),
      );
    return row?.n ?? 0;
  },

  /** The mentee's newest subscription to this mentor, whatever its state: its current period is the one reviewed. */
  async latestSubscription(db: DbOrTx, menteeId: string, mentorId: string) {
    const [row] = await db
      .select({ id: mentorSubscriptions.id, periodStart: mentorSubscriptions.currentPeriodStart, periodEnd: mentorSubscriptions.currentPeriodEnd })
      .from(mentorSubscriptions)
      .where(and(eq(mentorSubscriptions.menteeId, menteeId), eq(mentorSubscriptions.mentorId, mentorId)))
      .orderBy(desc(mentorSubscriptions.currentPeriodStart))
      .limit(1);
    return row;
  },

  async reviewedPeriod(db: DbOrTx, subscriptionId: string, periodStart: Date): Promise<boolean> {
    const [row] = await db
      .select({ id: mentorReviews.id })
      .from(mentorReviews)
      .where(and(eq(mentorReviews.subscriptionId, subscriptionId), eq(mentorReviews.periodStart, periodStart)));
    return Boolean(row);
  },

  /** Undefined when the period already has a review (the unique index decides a race). */
  async insert(db: DbOrTx, row: typeof mentorReviews.$inferInsert) {
    const [created] = await db.insert(mentorReviews).values(row).onConflictDoNothing().returning();
    return created;
  },

  async stats(db: DbOrTx, mentorId: string): Promise<{ average: number | null; count: number }> {
    const [row] = await db
      .select({ average: sql<string | null>`avg(${mentorReviews.rating})`, count: count() })
      .from(mentorReviews)
      .where(eq(mentorReviews.mentorId, mentorId));
    return { average: row?.average == null ? null : Number(row.average), count: row?.count ?? 0 };
  },

  page(db: DbOrTx, mentorId: string, limit: number, offset: number, now: Date) {
    const author = people('review_author');
    return db
      .select({ review: mentorReviews, author: personColumns(author, now) })
      .from(mentorReviews)
      .innerJoin(author, eq(author.id, mentorReviews.menteeId))
      .where(eq(mentorReviews.mentorId, mentorId))
      .orderBy(desc(mentorReviews.createdAt), desc(mentorReviews.id))
      .limit(limit)
      .offset(offset);
  },
};

/** Per mentor: review count and mean rating, to join into the directory. */
export function reviewStats(db: DbOrTx) {
  return db
    .select({
      mentorId: mentorReviews.mentorId,
      rating: sql<string>`avg(${mentorReviews.rating})`.as('review_rating'),
      reviews: sql<number>`count(*)::int`.as('review_count'),
    })
    .from(mentorReviews)
    .groupBy(mentorReviews.mentorId)
    .as('rv');
}
