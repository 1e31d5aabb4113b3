import type { TUser } from '#shared/accounts/accounts.schemas';
import {
  REVIEWS_PAGE_SIZE,
  roundRating,
  type TReview,
  type TReviewInput,
  type TReviewList,
} from '#shared/mentorship/reviews.schemas';
import { transaction } from '#server/db/transaction';
import { AppError } from '#server/lib/errors';
import type { MentorshipDeps } from '../mentorship.deps';
import type { MentorsService } from '../mentors.service';
import { presentReview } from './review-replies.service';
import { reviewsRepo } from './reviews.repo';

type Eligibility =
  | { ok: true; subscriptionId: string; periodStart: Date }
  | { ok: false; status: 403 | 409; why: string; hint: string | null };

/** Issue 15 item 6: mentees review their mentor after a held session, once per subscription period. */
export function createReviewsService(
  deps: Pick<MentorshipDeps, 'db' | 'notifications' | 'now'>,
  mentors: MentorsService,
) {
  const { db, notifications, now } = deps;

  async function eligibility(menteeId: string, mentorId: string): Promise<Eligibility> {
    const sub = await reviewsRepo.latestSubscription(db, menteeId, mentorId);
    if (!sub) return { ok: false, status: 403, why: 'Only mentees of this mentor can review them.', hint: null };
    if ((await reviewsRepo.heldSessions(db, menteeId, mentorId)) === 0) {
      const why = 'You can review this mentor after your first session with them.';
      return { ok: false, status: 403, why, hint: why };
    }
    if (await reviewsRepo.reviewedPeriod(db, sub.id, sub.periodStart)) {
      const why = 'You have already reviewed this mentor this period. You can review again next period.';
      return { ok: false, status: 409, why, hint: why };
    }
    return { ok: true, subscriptionId: sub.id, periodStart: sub.periodStart };
  }

  return {
    /** POST /api/mentorship/reviews. */
    async create(user: TUser, input: TReviewInput): Promise<TReview> {
      if (!(await mentors.exists(input.mentorId))) throw new AppError('NOT_FOUND', 'Mentor not found.');
      const may = await eligibility(user.id, input.mentorId);
      if (!may.ok) throw new AppError(may.status === 409 ? 'CONFLICT' : 'FORBIDDEN', may.why);
      return transaction(db, async (tx) => {
        const row = await reviewsRepo.insert(tx, {
          mentorId: input.mentorId,
          menteeId: user.id,
          subscriptionId: may.subscriptionId,
          periodStart: may.periodStart,
          rating: input.rating,
          text: input.text,
          createdAt: now(),
        });
        if (!row)
          throw new AppError(
            'CONFLICT',
            'You have already reviewed this mentor this period. You can review again next period.',
          );
        // Reviews have no notification type of their own in docs/spec.md §3: mentorship's info type carries them.
        await notifications.notify(
          input.mentorId,
          {
            type: 'mentorship_subscription',
            title: 'New review',
            message: `${user.fullName} rated you ${input.rating} out of 5.`,
            actorId: user.id,
            link: `/mentorship/mentor/${input.mentorId}`,
          },
          tx,
        );
        return {
          id: row.id,
          rating: row.rating,
          text: row.text,
          createdAt: row.createdAt.toISOString(),
          author: { id: user.id, fullName: user.fullName, username: user.username, avatarUrl: user.avatarUrl },
          reply: null,
          hidden: false,
          hiddenReason: null,
        };
      });
    },

    /** GET /api/mentorship/reviews?mentorId=&page=: newest first (hidden ones only to their author), with the viewer's chance to review. */
    async list(viewer: TUser | null, mentorId: string, page: number): Promise<TReviewList> {
      if (!(await mentors.exists(mentorId))) throw new AppError('NOT_FOUND', 'Mentor not found.');
      const [rows, stats, may] = await Promise.all([
        reviewsRepo.page(db, mentorId, viewer?.id ?? null, REVIEWS_PAGE_SIZE, (page - 1) * REVIEWS_PAGE_SIZE, now()),
        reviewsRepo.stats(db, mentorId),
        viewer && viewer.id !== mentorId ? eligibility(viewer.id, mentorId) : null,
      ]);
      return {
        reviews: rows.map((r) => presentReview(r, viewer)),
        total: stats.count,
        page,
        pageSize: REVIEWS_PAGE_SIZE,
        average: stats.average === null ? null : roundRating(stats.average),
        canReview: may?.ok ?? false,
        reviewHint: may && !may.ok ? may.hint : null,
      };
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
