import { z } from 'zod';

/**
 * Reviews of mentors (issue 15 item 6, decision 032's addendum): a mentee with at least one held
 * session rates the mentor 1-5 with a text, once per subscription period.
 */
export const REVIEWS_PAGE_SIZE = 10;
export const REVIEW_TEXT_MIN = 10;
export const REVIEW_TEXT_MAX = 2000;
export const REPLY_TEXT_MAX = 1000;
export const HIDE_REASON_MAX = 500;

/** POST /api/mentorship/reviews. */
export const ZReviewInput = z.object({
  mentorId: z.uuid('Choose a mentor'),
  rating: z.coerce
    .number({ error: 'Choose a rating' })
    .int('Choose a rating from 1 to 5')
    .min(1, 'Choose a rating from 1 to 5')
    .max(5, 'Choose a rating from 1 to 5'),
  text: z
    .string({ error: 'Write a few words about your sessions' })
    .trim()
    .min(REVIEW_TEXT_MIN, `Write at least ${REVIEW_TEXT_MIN} characters`)
    .max(REVIEW_TEXT_MAX, `Keep the review under ${REVIEW_TEXT_MAX} characters`),
});
export type TReviewInput = z.infer<typeof ZReviewInput>;

export const ZReview = z.object({
  id: z.string(),
  rating: z.number().int(),
  text: z.string(),
  createdAt: z.string(),
  author: z.object({ id: z.string(), fullName: z.string(), username: z.string(), avatarUrl: z.string().nullable() }),
  /** The reviewed mentor's public reply (decision 035). */
  reply: z.object({ text: z.string(), repliedAt: z.string(), editedAt: z.string().nullable() }).nullable(),
  /** True only in the author's and admins' views: a hidden review is not shown to anyone else. */
  hidden: z.boolean(),
  hiddenReason: z.string().nullable(),
});
export type TReview = z.infer<typeof ZReview>;

/** PUT /api/mentorship/reviews/{id}/reply: the mentor writes or edits their one reply. */
export const ZReviewReplyInput = z.object({
  text: z
    .string({ error: 'Write your reply' })
    .trim()
    .min(1, 'Write your reply')
    .max(REPLY_TEXT_MAX, `Keep the reply under ${REPLY_TEXT_MAX} characters`),
});
export type TReviewReplyInput = z.infer<typeof ZReviewReplyInput>;

/** POST /api/admin/mentor-reviews/{id}/hide: the reason is kept with the review and in the audit log. */
export const ZReviewHideInput = z.object({
  reason: z
    .string({ error: 'Say why the review is hidden' })
    .trim()
    .min(3, 'Say why the review is hidden')
    .max(HIDE_REASON_MAX, `Keep the reason under ${HIDE_REASON_MAX} characters`),
});
export type TReviewHideInput = z.infer<typeof ZReviewHideInput>;

/** GET /api/admin/mentor-reviews?userId=: reviews written by or about a member, hidden ones included. */
export const ZAdminReviewsQuery = z.object({ userId: z.uuid('Not found') });
export const ZAdminReview = ZReview.extend({ mentor: z.object({ id: z.string(), fullName: z.string() }) });
export type TAdminReview = z.infer<typeof ZAdminReview>;
export const ZAdminReviewList = z.object({ reviews: z.array(ZAdminReview) });
export type TAdminReviewList = z.infer<typeof ZAdminReviewList>;

/** GET /api/mentorship/reviews?mentorId=&page=. */
export const ZReviewsQuery = z.object({
  mentorId: z.uuid('Not found'),
  page: z.coerce.number().int().min(1).max(1000).optional().default(1),
});
export type TReviewsQuery = z.infer<typeof ZReviewsQuery>;

export const ZReviewList = z.object({
  reviews: z.array(ZReview),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The mean rating to one decimal, or null before the first review. */
  average: z.number().nullable(),
  /** Whether the viewer may review now, and if not (and they are a mentee of this mentor) why. */
  canReview: z.boolean(),
  reviewHint: z.string().nullable(),
});
export type TReviewList = z.infer<typeof ZReviewList>;

/** "4.5" from a mean of ratings: one decimal, as cards and the profile show it. */
export const roundRating = (mean: number) => Math.round(mean * 10) / 10;
