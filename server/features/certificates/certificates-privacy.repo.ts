import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { coursesTaughtBy } from '../courses';
import { certificates } from './certificates.table';

/**
 * A member's certificates, for their export and erasure (decision 020). An erased learner's
 * certificates are deleted: they exist to name the learner, and a verification page for a
 * nameless certificate proves nothing. Certificates of an erased tutor's courses stay valid
 * for their learners, naming the tutor as "Former member".
 */
export const certificatesPrivacyRepo = {
  export: (db: DbOrTx, userId: string) =>
    db
      .select({
        code: certificates.code,
        courseTitle: certificates.courseTitle,
        learnerName: certificates.learnerName,
        tutorName: certificates.tutorName,
        issuedAt: certificates.issuedAt,
      })
      .from(certificates)
      .where(eq(certificates.userId, userId)),

  async erase(db: DbOrTx, userId: string): Promise<void> {
    await db.delete(certificates).where(eq(certificates.userId, userId));
    await db
      .update(certificates)
      .set({ tutorName: 'Former member' })
      .where(inArray(certificates.courseId, coursesTaughtBy(userId)));
  },
};
