import type { TBid, TGigReview, TGigSummary, TPerson } from '#shared/talent/talent.schemas';
import type { TSkillRef } from '#shared/skills/skills.schemas';
import { FORMER_MEMBER, presentPerson, type PersonRow, type Viewer } from '../accounts';
import type { BidRow, GigReviewRow, GigRow } from './gigs.repo';

export type Persons = Map<string, PersonRow>;
export type Stats = Map<string, { rating: number | null; reviewCount: number; completedGigs: number }>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A person by id, as the viewer may see them; an account that is gone shows as a former member. */
export function personOf(persons: Persons, id: string, viewer: Viewer): TPerson {
  const row = persons.get(id);
  return row ? presentPerson(row, viewer) : { id, username: '', fullName: FORMER_MEMBER, avatarUrl: null };
}

export function presentGig(
  gig: GigRow & { bidCount: number },
  ctx: { persons: Persons; skills: Map<string, TSkillRef[]>; viewer: Viewer },
): TGigSummary {
  return {
    id: gig.id,
    title: gig.title,
    description: gig.description,
    skills: ctx.skills.get(gig.id) ?? [],
    budgetType: gig.budgetType,
    budgetMin: gig.budgetMin,
    budgetMax: gig.budgetMax,
    currency: gig.currency,
    deadline: gig.deadline,
    status: gig.status,
    poster: personOf(ctx.persons, gig.posterId, ctx.viewer),
    talent: gig.talentId ? personOf(ctx.persons, gig.talentId, ctx.viewer) : null,
    bidCount: gig.bidCount,
    createdAt: gig.createdAt.toISOString(),
  };
}

export function presentBid(
  bid: BidRow,
  ctx: { persons: Persons; stats: Stats; viewer: Viewer; currency: TBid['currency']; matching: TSkillRef[] },
): TBid {
  const stats = ctx.stats.get(bid.bidderId);
  return {
    id: bid.id,
    gigId: bid.gigId,
    bidder: {
      ...personOf(ctx.persons, bid.bidderId, ctx.viewer),
      rating: stats?.rating ?? null,
      completedGigs: stats?.completedGigs ?? 0,
    },
    amount: bid.amount,
    currency: ctx.currency,
    deliveryDays: bid.deliveryDays,
    proposal: bid.proposal,
    status: bid.status,
    matchingSkills: ctx.matching,
    createdAt: bid.createdAt.toISOString(),
  };
}

export function presentReview(review: GigReviewRow, gigTitle: string, persons: Persons, viewer: Viewer): TGigReview {
  return {
    id: review.id,
    gigId: review.gigId,
    gigTitle,
    author: personOf(persons, review.authorId, viewer),
    subjectId: review.subjectId,
    rating: review.rating,
    text: review.text,
    createdAt: review.createdAt.toISOString(),
  };
}

export { iso };
