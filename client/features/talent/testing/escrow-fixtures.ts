import type { TEscrow, TMilestone } from '#shared/talent/escrow.schemas';
import type { TBid, TGigDetail } from '#shared/talent/talent.schemas';

const person = (id: string, fullName: string) => ({ id, username: id, fullName, avatarUrl: null });
export const POSTER = person('u-poster', 'Ngozi Eze');
export const TALENT = person('u-talent', 'Ada Obi');

/** An unfunded milestone as its poster reads it (they may fund or cancel it), the fee at 10%. */
export const milestone = (over: Partial<TMilestone> = {}): TMilestone =>
  milestoneOf(over.amountMinor ?? 3_000_000, over);

const milestoneOf = (amountMinor: number, over: Partial<TMilestone>): TMilestone => ({
  id: 'm1',
  title: 'Logo sketches',
  amountMinor,
  status: 'unfunded',
  dueDate: '2026-12-15',
  fundedAt: null,
  submittedAt: null,
  releasedAt: null,
  autoReleaseAt: null,
  actions: ['checkout', 'cancel'],
  talentNetMinor: amountMinor - amountMinor / 10,
  platformFeeMinor: amountMinor / 10,
  outcome: null,
  ...over,
});

export const escrow = (over: Partial<TEscrow> = {}): TEscrow => ({
  fundedMinor: 0,
  heldMinor: 0,
  releasedMinor: 0,
  refundedMinor: 0,
  planTotalMinor: 3_000_000,
  canEditPlan: true,
  next: 'Fund the first milestone so Ada Obi can start.',
  feePercent: 10,
  ...over,
});

const acceptedBid: TBid = {
  id: 'b1',
  gigId: 'g1',
  bidder: { ...TALENT, rating: null, completedGigs: 0 },
  amount: 3_000_000,
  currency: 'NGN',
  deliveryDays: 4,
  proposal: 'Sketches first, then two rounds of changes; I have done this for three shops in Aba.',
  status: 'accepted',
  matchingSkills: [],
  createdAt: '2026-11-20T10:00:00.000Z',
};

/** A fixed-price gig in progress with Ada Obi hired for ₦30,000, as its poster reads it. */
export const gigWithEscrow = (over: Partial<TGigDetail> = {}): TGigDetail => ({
  id: 'g1',
  title: 'Shop sign for a provisions store',
  description: 'A painted sign design for a provisions shop, in two sizes.',
  skills: [],
  budgetType: 'fixed',
  budgetMin: 2_000_000,
  budgetMax: 5_000_000,
  currency: 'NGN',
  deadline: null,
  status: 'in_progress',
  poster: POSTER,
  talent: TALENT,
  bidCount: 1,
  createdAt: '2026-11-19T10:00:00.000Z',
  bids: [acceptedBid],
  changeRequests: 0,
  deliveryNote: null,
  deliveredAt: null,
  attachments: [],
  deliveryFiles: [],
  autoCompleteAt: null,
  completedAt: null,
  reviews: [],
  myReview: null,
  actions: [],
  milestones: [milestone()],
  escrow: escrow(),
  ...over,
});
