import type { TUser } from '#shared/accounts/accounts.schemas';
import type { TAdminReview, TAdminReviewList, TReview } from '#shared/mentorship/reviews.schemas';
import { transaction } from '#server/db/transaction';
import { AppError } from '#server/lib/errors';
import { presentPerson, type PersonRow, type Viewer } from '#server/features/accounts';
import type { MentorshipDeps } from '../mentorship.deps';
import { type MentorReviewRow, reviewsRepo } from './reviews.repo';

/** How many of a member's reviews the admin's member page lists. */
const ADMIN_REVIEWS_LIMIT = 50;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** One review as the viewer may see it; `hidden` reaches only its author and admins, as the list decides. */
export function presentReview(r: { review: MentorReviewRow; author: PersonRow }, viewer: Viewer): TReview {
  const { review } = r;
  return {
    id: review.id,
    rating: review.rating,
    text: review.text,
    createdAt: review.createdAt.toISOString(),
    author: presentPerson(r.author, viewer),
    reply:
      review.replyText !== null && review.repliedAt
        ? { text: review.replyText, repliedAt: review.repliedAt.toISOString(), editedAt: iso(review.replyEditedAt) }
        : null,
    hidden: review.hiddenAt !== null,
    hiddenReason: review.hiddenAt !== null ? review.hiddenReason : null,
  };
}

function presentAdminReview(
  r: { review: MentorReviewRow; author: PersonRow; mentor: PersonRow },
  viewer: Viewer,
): TAdminReview {
  const mentor = presentPerson(r.mentor, viewer);
  return { ...presentReview(r, viewer), mentor: { id: mentor.id, fullName: mentor.fullName } };
}

/**
 * Decision 035: the reviewed mentor's one public reply per review (like a host's reply on Airbnb),
 * and the admins' hide and unhide, audited. A hidden review leaves the public list and the
 * rating; its author still sees it, marked.
 */
export function createReviewRepliesService(deps: Pick<MentorshipDeps, 'db' | 'notifications' | 'audit' | 'now'>) {
  const { db, notifications, audit, now } = deps;

  async function found(id: string) {
    const row = await reviewsRepo.byId(db, id, now());
    if (!row) throw new AppError('NOT_FOUND', 'Review not found.');
    return row;
  }

  async function mentorsOwn(user: TUser, id: string) {
    const row = await found(id);
    if (row.review.mentorId !== user.id) throw new AppError('FORBIDDEN', 'Only the mentor who was reviewed can reply.');
    if (row.review.hiddenAt) throw new AppError('CONFLICT', 'This review is hidden, so it takes no reply.');
    return row;
  }

  return {
    /** PUT /api/mentorship/reviews/:id/reply: the first reply tells the mentee; edits do not. */
    async reply(user: TUser, id: string, text: string): Promise<TReview> {
      const before = await mentorsOwn(user, id);
      await transaction(db, async (tx) => {
        if (!(await reviewsRepo.setReply(tx, id, user.id, text, now())))
          throw new AppError('CONFLICT', 'This review is hidden, so it takes no reply.');
        if (before.review.replyText !== null) return;
        // Mentorship's info type carries review notices (as for "New review").
        await notifications.notify(
          before.review.menteeId,
          {
            type: 'mentorship_subscription',
            title: 'Your mentor replied',
            message: `${user.fullName} replied to your review.`,
            actorId: user.id,
            link: `/mentorship/mentor/${user.id}`,
          },
          tx,
        );
      });
      return presentReview(await found(id), user);
    },

    /** DELETE /api/mentorship/reviews/:id/reply. */
    async removeReply(user: TUser, id: string): Promise<void> {
      const row = await mentorsOwn(user, id);
      if (row.review.replyText === null) throw new AppError('NOT_FOUND', 'This review has no reply.');
      await reviewsRepo.setReply(db, id, user.id, null, now());
    },

    /** GET /api/admin/mentor-reviews?userId=. */
    async ofMember(viewer: TUser, userId: string): Promise<TAdminReviewList> {
      const rows = await reviewsRepo.ofMember(db, userId, ADMIN_REVIEWS_LIMIT, now());
      return { reviews: rows.map((r) => presentAdminReview(r, viewer)) };
    },

    /** POST /api/admin/mentor-reviews/:id/hide and .../unhide: one audit row each, in the change's transaction. */
    async setHidden(adminUser: TUser, id: string, reason: string | null): Promise<TAdminReview> {
      const row = await found(id);
      await transaction(db, async (tx) => {
        const applied = await reviewsRepo.setHidden(tx, id, reason === null ? null : { at: now(), reason });
        if (!applied)
          throw new AppError(
            'CONFLICT',
            reason === null ? 'This review is not hidden.' : 'This review is already hidden.',
          );
        await audit.action(
          {
            adminId: adminUser.id,
            action: reason === null ? 'mentor_review.unhide' : 'mentor_review.hide',
            target: `mentor_review:${id}`,
            details: {
              mentorId: row.review.mentorId,
              menteeId: row.review.menteeId,
              hidden: reason !== null,
              ...(reason === null ? { formerReason: row.review.hiddenReason } : {}),
            },
            reason,
          },
          tx,
        );
        if (reason !== null) {
          await notifications.notify(
            row.review.menteeId,
            {
              type: 'system_update',
              title: 'Your review was hidden',
              message: `An admin hid your review of ${row.mentor.fullName}: ${reason}`,
              link: `/mentorship/mentor/${row.review.mentorId}`,
            },
            tx,
          );
        }
      });
      return presentAdminReview(await found(id), adminUser);
    },
  };
}

export type ReviewRepliesService = ReturnType<typeof createReviewRepliesService>;
