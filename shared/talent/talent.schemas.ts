import { z } from 'zod';
import { ZListCursor, ZListPaging } from '../list-paging';
import { FILTER_LEVELS, ZLeveledSkill } from '../passport/passport.schemas';
import { ZCurrency } from '../money';
import { ZUpload } from '../uploads/uploads.schemas';
import { ZSkillRef, ZSkillSlug, ZSkillSlugs } from '../skills/skills.schemas';
import { ZAvailability } from '../accounts/roles.schemas';
import { ZLocation } from '../profiles/locations';
import { ZEscrow, ZMilestone } from './escrow.schemas';
import { BID_STATUSES, GIG_STATUSES, GIG_TRANSITIONS, type TGigTransition } from './gig-machine';
import { ZAmount, ZDate } from './gig-fields';

/**
 * The talent and gigs API contract (issue 14). One schema serves the form, the fetcher and the
 * route. Amounts are integers in minor units (kobo for NGN), like course prices.
 */
export const GIGS_PAGE_SIZE = 20;
export const TALENT_PAGE_SIZE = 20;
export const PROPOSAL_MIN = 50;
/** A gig's attachments, and a delivery's files: images and PDFs, at most this many each. */
export const GIG_FILES_MAX = 5;
const ZGigFileIds = z
  .array(z.uuid('Upload the file again'))
  .max(GIG_FILES_MAX, `At most ${GIG_FILES_MAX} files`)
  .default([]);

export const ZGigStatus = z.enum(GIG_STATUSES);
export const ZBidStatus = z.enum(BID_STATUSES);
export const BUDGET_TYPES = ['fixed', 'hourly'] as const;
export const ZBudgetType = z.enum(BUDGET_TYPES, { error: 'Choose fixed or hourly' });
const transitionNames = Object.keys(GIG_TRANSITIONS) as [TGigTransition, ...TGigTransition[]];

export const ZGigInput = z
  .object({
    title: z
      .string()
      .trim()
      .min(5, 'Title must be at least 5 characters')
      .max(120, 'Title must be at most 120 characters'),
    description: z
      .string()
      .trim()
      .min(20, 'Describe the work in at least 20 characters')
      .max(10_000, 'Description must be at most 10,000 characters'),
    skills: ZSkillSlugs.default([]),
    budgetType: ZBudgetType,
    budgetMin: ZAmount('the lowest budget'),
    budgetMax: ZAmount('the highest budget'),
    currency: ZCurrency.default('NGN'),
    deadline: ZDate.nullable().default(null),
    /** Images (public) and PDFs of the poster's own, shown to whoever can see the gig. */
    attachmentUploadIds: ZGigFileIds,
  })
  .refine((g) => g.budgetMax >= g.budgetMin, {
    path: ['budgetMax'],
    message: 'The highest budget cannot be below the lowest',
  });
export type TGigInput = z.input<typeof ZGigInput>;

/** `skills` is a comma-separated list of slugs in the query string. */
const ZSlugList = z
  .string()
  .max(2_000)
  .transform((s) => [
    ...new Set(
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    ),
  ])
  .pipe(z.array(ZSkillSlug).max(30));

export const ZGigsQuery = z.object({
  q: z.string().max(200).optional(),
  skills: ZSlugList.optional(),
  status: ZGigStatus.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(GIGS_PAGE_SIZE),
  cursor: ZListCursor,
});

export const ZPerson = z.object({
  id: z.string(),
  username: z.string(),
  fullName: z.string(),
  avatarUrl: z.string().nullable(),
});
export type TPerson = z.infer<typeof ZPerson>;

export const ZGigSummary = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  skills: z.array(ZSkillRef),
  budgetType: ZBudgetType,
  budgetMin: z.number().int(),
  budgetMax: z.number().int(),
  currency: ZCurrency,
  deadline: z.string().nullable(),
  status: ZGigStatus,
  poster: ZPerson,
  talent: ZPerson.nullable(),
  bidCount: z.number().int(),
  createdAt: z.string(),
});
export type TGigSummary = z.infer<typeof ZGigSummary>;

export const ZGigList = z.object({
  gigs: z.array(ZGigSummary),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  ...ZListPaging.shape,
});
export type TGigList = z.infer<typeof ZGigList>;

export const ZBidInput = z.object({
  amount: ZAmount('an amount'),
  deliveryDays: z
    .number({ error: 'Enter the days you need' })
    .int('Whole days')
    .min(1, 'At least 1 day')
    .max(365, 'At most 365 days'),
  proposal: z
    .string()
    .trim()
    .min(PROPOSAL_MIN, `Write at least ${PROPOSAL_MIN} characters about how you would do it`)
    .max(5_000, 'At most 5,000 characters'),
});
export type TBidInput = z.input<typeof ZBidInput>;

export const ZBid = z.object({
  id: z.string(),
  gigId: z.string(),
  bidder: ZPerson.extend({ rating: z.number().nullable(), completedGigs: z.number().int() }),
  amount: z.number().int(),
  currency: ZCurrency,
  deliveryDays: z.number().int(),
  proposal: z.string(),
  status: ZBidStatus,
  /** The gig's skills the bidder holds. */
  matchingSkills: z.array(ZSkillRef),
  createdAt: z.string(),
});
export type TBid = z.infer<typeof ZBid>;

export const ZGigReview = z.object({
  id: z.string(),
  gigId: z.string(),
  gigTitle: z.string(),
  author: ZPerson,
  subjectId: z.string(),
  rating: z.number().int(),
  text: z.string(),
  createdAt: z.string(),
});
export type TGigReview = z.infer<typeof ZGigReview>;

export const ZGigDetail = ZGigSummary.extend({
  /** Every bid for the poster (and admins); a bidder's own; none for anyone else. */
  bids: z.array(ZBid),
  changeRequests: z.number().int(),
  /** The latest delivery's note: for those who may read its files (deliveryFiles); null for anyone else. */
  deliveryNote: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  /** The poster's attachments, for everyone who sees the gig. */
  attachments: z.array(ZUpload),
  /** The latest delivery's private files: for the poster and the talent (an admin once disputed); empty for anyone else. */
  deliveryFiles: z.array(ZUpload),
  /** When an unanswered delivery completes by itself. */
  autoCompleteAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** Reviews that have been revealed (both written, or 14 days passed). */
  reviews: z.array(ZGigReview),
  /** The viewer's own review, shown to them before it is revealed. */
  myReview: ZGigReview.nullable(),
  /** What the viewer may do now, by the gig's transitions and bidding rules. */
  actions: z.array(z.enum([...transitionNames, 'bid', 'review'])),
  /**
   * The escrow's milestones in plan order (decision 060): for the poster, the hired talent and
   * admins, on a gig paid through escrow; absent for anyone else and for gigs without escrow.
   */
  milestones: z.array(ZMilestone).optional(),
  /** The escrow's sums and what happens next: present exactly when `milestones` is. */
  escrow: ZEscrow.optional(),
});
export type TGigDetail = z.infer<typeof ZGigDetail>;

export const ZDeliverInput = z.object({
  note: z.string().trim().min(1, 'Say what you delivered').max(5_000, 'At most 5,000 characters'),
  /** Private images and PDFs of the talent's own (uploaded with private=true). */
  fileUploadIds: ZGigFileIds,
});
export type TDeliverInput = z.input<typeof ZDeliverInput>;
export const ZRequestChangesInput = z.object({
  note: z.string().trim().max(2_000, 'At most 2,000 characters').default(''),
});
export const ZReviewInput = z.object({
  rating: z.number({ error: 'Choose a rating' }).int().min(1, 'Choose 1 to 5 stars').max(5, 'Choose 1 to 5 stars'),
  text: z.string().trim().max(2_000, 'At most 2,000 characters').default(''),
});
export type TReviewInput = z.input<typeof ZReviewInput>;

export const ZMyGigs = z.object({ gigs: z.array(ZGigSummary) });
export const ZMyBid = ZBid.extend({ gig: z.object({ id: z.string(), title: z.string(), status: ZGigStatus }) });
export type TMyBid = z.infer<typeof ZMyBid>;
export const ZMyBids = z.object({ bids: z.array(ZMyBid) });

// Talent profiles -------------------------------------------------------------------------

export const TALENT_SORTS = ['match', 'rating', 'rate_asc', 'rate_desc'] as const;
export const ZTalentsQuery = z.object({
  q: z.string().max(200).optional(),
  skills: ZSlugList.optional(),
  minRate: z.coerce.number().int().min(0).max(2_000_000_000).optional(),
  maxRate: z.coerce.number().int().min(0).max(2_000_000_000).optional(),
  availability: ZAvailability.optional(),
  location: ZLocation.optional(),
  minRating: z.coerce.number().min(0).max(5).optional(),
  /** With `skills`: only talents at or above this public passport level in one of them, counted in `total` and the pages (decision 079). */
  level: z.enum(FILTER_LEVELS, 'Choose proven or expert').optional(),
  sort: z.enum(TALENT_SORTS).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(TALENT_PAGE_SIZE),
  cursor: ZListCursor,
});

export const ZTalentCard = z.object({
  id: z.string(),
  username: z.string(),
  fullName: z.string(),
  avatarUrl: z.string().nullable(),
  headline: z.string(),
  hourlyRateMinor: z.number().int(),
  currency: ZCurrency,
  availability: ZAvailability,
  availableFrom: z.string().nullable(),
  /** With their passport levels in the directory, proven first (issue 31). */
  skills: z.array(ZLeveledSkill),
  /** The average of revealed reviews as a talent, one decimal; null before the first. */
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
  completedGigs: z.number().int(),
});
export type TTalentCard = z.infer<typeof ZTalentCard>;
export const ZTalentList = z.object({
  talents: z.array(ZTalentCard),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  ...ZListPaging.shape,
});
export type TTalentList = z.infer<typeof ZTalentList>;

export const PORTFOLIO_IMAGES_MAX = 6;
export const PORTFOLIO_ITEMS_MAX = 30;
export const ZPortfolioInput = z.object({
  title: z
    .string()
    .trim()
    .min(2, 'Title must be at least 2 characters')
    .max(120, 'Title must be at most 120 characters'),
  description: z.string().trim().max(2_000, 'At most 2,000 characters').default(''),
  link: z
    .string()
    .trim()
    .max(500)
    .regex(/^https?:\/\/[^\s]+$/i, 'Enter a link starting with http:// or https://')
    .nullable()
    .default(null),
  imageUploadIds: z
    .array(z.uuid('Upload the image again'))
    .max(PORTFOLIO_IMAGES_MAX, `At most ${PORTFOLIO_IMAGES_MAX} images`)
    .default([]),
});
export type TPortfolioInput = z.input<typeof ZPortfolioInput>;
export const ZPortfolioItem = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  link: z.string().nullable(),
  images: z.array(ZUpload),
  createdAt: z.string(),
});
export type TPortfolioItem = z.infer<typeof ZPortfolioItem>;
export const ZTalentDetail = ZTalentCard.extend({
  bio: z.string(),
  /** False while a suspension closes chat to the talent: the page shows no "Message" (decision 057). */
  messageable: z.boolean().optional(),
  location: z.string().nullable(),
  portfolio: z.array(ZPortfolioItem),
  reviews: z.array(ZGigReview),
  openGigs: z.array(ZGigSummary),
  /** The viewer's own open gigs they may invite this talent to bid on; empty for visitors and the talent. */
  invitableGigs: z.array(z.object({ id: z.string(), title: z.string(), invited: z.boolean() })),
  /** What the platform knows of their work (decision 036): counts, so a screen never shows a made-up rate. */
  trackRecord: z.object({
    completedGigs: z.number().int(),
    /** Completed gigs first delivered within the accepted bid's delivery days. */
    onTimeGigs: z.number().int(),
    /** Invitations to bid they answered with a bid, and the median time to that bid in seconds (null before the first). */
    answeredInvitations: z.number().int(),
    medianResponseSeconds: z.number().nullable(),
  }),
  /** Certificates of courses completed here, newest first. */
  certificates: z.array(
    z.object({ code: z.string(), courseId: z.string(), courseTitle: z.string(), issuedAt: z.string() }),
  ),
});
export type TTalentDetail = z.infer<typeof ZTalentDetail>;

/** POST /api/talent/gigs/{id}/invitations: the poster invites a talent to bid. */
export const ZInvitationInput = z.object({ talentId: z.uuid('Choose a talent') });
export type TInvitationInput = z.infer<typeof ZInvitationInput>;
export const ZInvitation = z.object({ gigId: z.string(), talentId: z.string(), createdAt: z.string() });
export type TInvitation = z.infer<typeof ZInvitation>;

/** GET /api/talent/my-invitations: open gigs the signed-in member is invited to and has not bid on yet. */
export const ZMyInvitations = z.object({
  invitations: z.array(
    z.object({
      gig: ZGigSummary.pick({
        id: true,
        title: true,
        budgetType: true,
        budgetMin: true,
        budgetMax: true,
        currency: true,
        deadline: true,
      }),
      invitedBy: ZPerson,
      invitedAt: z.string(),
    }),
  ),
});
export type TMyInvitations = z.infer<typeof ZMyInvitations>;

/** "How you match" on a gig for a signed-in member (issue 31 item 3): its skills against their passport. */
export const ZGigMatch = z.object({
  /** False when the member's passport holds no skill: "add your skills to see how you match". */
  hasSkills: z.boolean(),
  total: z.number().int(),
  shared: z.array(ZLeveledSkill),
  missing: z.array(ZSkillRef),
});
export type TGigMatch = z.infer<typeof ZGigMatch>;
