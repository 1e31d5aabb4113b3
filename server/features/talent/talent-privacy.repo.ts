import { and, eq, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { bids, gigEvents, gigInvitations, gigReviews, gigs, portfolioItems } from './talent.table';

/** What gigs and the portfolio hold of a member, for their export and erasure (talent.privacy.ts says what goes). */
export const talentPrivacyRepo = {
  async export(db: DbOrTx, userId: string) {
    return {
      gigsPosted: await db
        .select({
          id: gigs.id,
          title: gigs.title,
          description: gigs.description,
          status: gigs.status,
          budgetMin: gigs.budgetMin,
          budgetMax: gigs.budgetMax,
          currency: gigs.currency,
          createdAt: gigs.createdAt,
        })
        .from(gigs)
        .where(eq(gigs.posterId, userId)),
      gigsWorkedOn: await db
        .select({ id: gigs.id, title: gigs.title, status: gigs.status, deliveryNote: gigs.deliveryNote })
        .from(gigs)
        .where(eq(gigs.talentId, userId)),
      bids: await db
        .select({
          gigId: bids.gigId,
          amount: bids.amount,
          deliveryDays: bids.deliveryDays,
          proposal: bids.proposal,
          status: bids.status,
          createdAt: bids.createdAt,
        })
        .from(bids)
        .where(eq(bids.bidderId, userId)),
      reviewsWritten: await db
        .select({
          gigId: gigReviews.gigId,
          rating: gigReviews.rating,
          text: gigReviews.text,
          createdAt: gigReviews.createdAt,
        })
        .from(gigReviews)
        .where(eq(gigReviews.authorId, userId)),
      portfolio: await db
        .select({
          title: portfolioItems.title,
          description: portfolioItems.description,
          link: portfolioItems.link,
          imageUploadIds: portfolioItems.imageUploadIds,
          createdAt: portfolioItems.createdAt,
        })
        .from(portfolioItems)
        .where(eq(portfolioItems.userId, userId)),
      reviewsReceived: await db
        .select({
          gigId: gigReviews.gigId,
          rating: gigReviews.rating,
          text: gigReviews.text,
          revealedAt: gigReviews.revealedAt,
        })
        .from(gigReviews)
        .where(eq(gigReviews.subjectId, userId)),
      invitationsReceived: await db
        .select({ gigId: gigInvitations.gigId, createdAt: gigInvitations.createdAt })
        .from(gigInvitations)
        .where(eq(gigInvitations.talentId, userId)),
    };
  },

  async erase(db: DbOrTx, userId: string): Promise<void> {
    await db.delete(gigs).where(and(eq(gigs.posterId, userId), isNull(gigs.talentId)));
    await db.delete(bids).where(and(eq(bids.bidderId, userId), ne(bids.status, 'accepted')));
    await db.update(gigEvents).set({ actorId: null }).where(eq(gigEvents.actorId, userId));
    await db.delete(portfolioItems).where(eq(portfolioItems.userId, userId));
    await db.delete(gigInvitations).where(eq(gigInvitations.talentId, userId));
  },
};
