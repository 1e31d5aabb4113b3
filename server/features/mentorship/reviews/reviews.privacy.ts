import type { DbOrTx } from '#server/db/client';
import { reviewsPrivacyRepo } from '../mentorship-privacy.repo';

/*
 * Mentor reviews' part of "Download my data" and "Delete my account" (decision 020), registered
 * in mentorship's module (index.ts) as the 'mentorship-reviews' area, erased before 'mentorship'.
 */

/** Reviews the member wrote, and those written about them as a mentor (without naming the authors). */
export async function exportMentorReviews(userId: string, tx: DbOrTx) {
  const rows = await reviewsPrivacyRepo.export(tx, userId);
  const pick = (r: (typeof rows)[number]) => ({ id: r.id, rating: r.rating, text: r.text, createdAt: r.createdAt });
  return {
    written: rows.filter((r) => r.menteeId === userId).map((r) => ({ ...pick(r), mentorId: r.mentorId })),
    // The mentor's own replies go with the reviews they answer.
    received: rows
      .filter((r) => r.mentorId === userId)
      .map((r) => ({ ...pick(r), reply: r.replyText, repliedAt: r.repliedAt })),
  };
}

/** A review names both people: it goes when either leaves (the mentor's average then leaves it out). */
export const eraseMentorReviews = (userId: string, tx: DbOrTx): Promise<void> => reviewsPrivacyRepo.erase(tx, userId);
