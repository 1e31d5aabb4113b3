import { and, count, desc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { people, personColumns } from '#server/features/accounts';
import { mentorSubscriptions } from '../mentorship.table';
import { mentorReviews } from './reviews.table';
import { mentorSessions } from '../sessions/sessions.table';

export type { MentorReviewRow } from './reviews.table';

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
      .select({
        id: mentorSubscriptions.id,
        periodStart: mentorSubscriptions.currentPeriodStart,
        periodEnd: mentorSubscriptions.currentPeriodEnd,
      })
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
      .where(and(eq(mentorReviews.mentorId, mentorId), isNull(mentorReviews.hiddenAt)));
    return { average: row?.average == null ? null : Number(row.average), count: row?.count ?? 0 };
  },

  /** Shown reviews, and the viewer's own even while hidden (they see it marked as such). */
  page(db: DbOrTx, mentorId: string, viewerId: string | null, limit: number, offset: number, now: Date) {
    const author = people('review_author');
    const shown = viewerId
      ? or(isNull(mentorReviews.hiddenAt), eq(mentorReviews.menteeId, viewerId))
      : isNull(mentorReviews.hiddenAt);
    return db
      .select({ review: mentorReviews, author: personColumns(author, now) })
      .from(mentorReviews)
      .innerJoin(author, eq(author.id, mentorReviews.menteeId))
      .where(and(eq(mentorReviews.mentorId, mentorId), shown))
      .orderBy(desc(mentorReviews.createdAt), desc(mentorReviews.id))
      .limit(limit)
      .offset(offset);
  },

  /** One review with its author and mentor as people, for replies and moderation. */
  async byId(db: DbOrTx, id: string, now: Date) {
    const author = people('review_author');
    const mentor = people('review_mentor');
    const [row] = await db
      .select({ review: mentorReviews, author: personColumns(author, now), mentor: personColumns(mentor, now) })
      .from(mentorReviews)
      .innerJoin(author, eq(author.id, mentorReviews.menteeId))
      .innerJoin(mentor, eq(mentor.id, mentorReviews.mentorId))
      .where(eq(mentorReviews.id, id));
    return row;
  },

  /** Reviews a member wrote or received, newest first, hidden ones too: the admin's member page. */
  ofMember(db: DbOrTx, userId: string, limit: number, now: Date) {
    const author = people('review_author');
    const mentor = people('review_mentor');
    return db
      .select({ review: mentorReviews, author: personColumns(author, now), mentor: personColumns(mentor, now) })
      .from(mentorReviews)
      .innerJoin(author, eq(author.id, mentorReviews.menteeId))
      .innerJoin(mentor, eq(mentor.id, mentorReviews.mentorId))
      .where(or(eq(mentorReviews.menteeId, userId), eq(mentorReviews.mentorId, userId)))
      .orderBy(desc(mentorReviews.createdAt), desc(mentorReviews.id))
      .limit(limit);
  },

  /**
   * The mentor's reply, written or replaced, or removed with null: only on their own shown review
   * (the conditions are in the UPDATE, so a hide landing first wins). Answers whether it applied.
   */
  async setReply(tx: DbOrTx, id: string, mentorId: string, text: string | null, at: Date): Promise<boolean> {
    const set =
      text === null
        ? { replyText: null, repliedAt: null, replyEditedAt: null }
        : {
            replyText: text,
            repliedAt: sql`coalesce(${mentorReviews.repliedAt}, ${at})`,
            replyEditedAt: sql`case when ${mentorReviews.replyText} is null then null else ${at}::timestamptz end`,
          };
    const rows = await tx
      .update(mentorReviews)
      .set(set)
      .where(
        and(
          eq(mentorReviews.id, id),
          eq(mentorReviews.mentorId, mentorId),
          isNull(mentorReviews.hiddenAt),
          text === null ? isNotNull(mentorReviews.replyText) : undefined,
        ),
      )
      .returning({ id: mentorReviews.id });
    return rows.length > 0;
  },

  /** Hides (with the reason) a shown review, or shows a hidden one again; false when it already was. */
  async setHidden(tx: DbOrTx, id: string, hidden: { at: Date; reason: string } | null): Promise<boolean> {
    const rows = await tx
      .update(mentorReviews)
      .set(hidden ? { hiddenAt: hidden.at, hiddenReason: hidden.reason } : { hiddenAt: null, hiddenReason: null })
      .where(and(eq(mentorReviews.id, id), hidden ? isNull(mentorReviews.hiddenAt) : isNotNull(mentorReviews.hiddenAt)))
      .returning({ id: mentorReviews.id });
    return rows.length > 0;
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
    .where(isNull(mentorReviews.hiddenAt))
    .groupBy(mentorReviews.mentorId)
    .as('rv');
}
