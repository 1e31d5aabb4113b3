import { and, eq, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { memberRows } from '#server/db/member-rows';
import { bids, gigEvents, gigInvitations, gigReviews, gigs, portfolioItems } from './talent.table';

/** What gigs and the portfolio hold of a member, for their export and erasure (talent.privacy.ts says what goes). */
export const talentPrivacyRepo = {
  async export(db: DbOrTx, userId: string) {
    return {
      gigsPosted: await memberRows(db, gigs, gigs.posterId, userId, [
        'id',
        'title',
        'description',
        'status',
        'budgetMin',
        'budgetMax',
        'currency',
        'createdAt',
      ]),
      gigsWorkedOn: await memberRows(db, gigs, gigs.talentId, userId, ['id', 'title', 'status', 'deliveryNote']),
      bids: await memberRows(db, bids, bids.bidderId, userId, [
        'gigId',
        'amount',
        'deliveryDays',
        'proposal',
        'status',
        'createdAt',
      ]),
      reviewsWritten: await memberRows(db, gigReviews, gigReviews.authorId, userId, [
        'gigId',
        'rating',
        'text',
        'createdAt',
      ]),
      portfolio: await memberRows(db, portfolioItems, portfolioItems.userId, userId, [
        'title',
        'description',
        'link',
        'imageUploadIds',
        'createdAt',
      ]),
      reviewsReceived: await memberRows(db, gigReviews, gigReviews.subjectId, userId, [
        'gigId',
        'rating',
        'text',
        'revealedAt',
      ]),
      invitationsReceived: await memberRows(db, gigInvitations, gigInvitations.talentId, userId, [
        'gigId',
        'createdAt',
      ]),
    };
  },

  async erase(db: DbOrTx, userId: string): Promise<void> {
    await db.delete(gigs).where(and(eq(gigs.posterId, userId), isNull(gigs.talentId)));
    await db.delete(bids).where(and(eq(bids.bidderId, userId), ne(bids.status, 'accepted')));
    // What stays as the other side's record keeps its title, amounts and dates, not their words (decision 050).
    await db.update(gigs).set({ description: '' }).where(eq(gigs.posterId, userId));
    await db.update(gigs).set({ deliveryNote: null }).where(eq(gigs.talentId, userId));
    await db.update(bids).set({ proposal: '' }).where(eq(bids.bidderId, userId));
    await db.update(gigReviews).set({ text: '' }).where(eq(gigReviews.authorId, userId));
    await db.update(gigEvents).set({ actorId: null, note: null }).where(eq(gigEvents.actorId, userId));
    await db.delete(portfolioItems).where(eq(portfolioItems.userId, userId));
    await db.delete(gigInvitations).where(eq(gigInvitations.talentId, userId));
  },
};
