import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { certificates, type CertificateRow } from './certificates.table';

export type { CertificateRow } from './certificates.table';

export const certificatesRepo = {
  /** Undefined when that learner already has this course's certificate, or the code is taken. */
  async insert(
    tx: DbOrTx,
    values: Omit<CertificateRow, 'id' | 'issuedAt'> & { issuedAt: Date },
  ): Promise<CertificateRow | undefined> {
    const [row] = await tx.insert(certificates).values(values).onConflictDoNothing().returning();
    return row;
  },

  async findByCode(db: DbOrTx, code: string): Promise<CertificateRow | undefined> {
    const [row] = await db.select().from(certificates).where(eq(certificates.code, code)).limit(1);
    return row;
  },

  async findFor(db: DbOrTx, userId: string, courseId: string): Promise<CertificateRow | undefined> {
    const [row] = await db
      .select()
      .from(certificates)
      .where(and(eq(certificates.userId, userId), eq(certificates.courseId, courseId)))
      .limit(1);
    return row;
  },

  async codesFor(db: DbOrTx, userId: string, courseIds: string[]): Promise<Array<{ courseId: string; code: string }>> {
    if (courseIds.length === 0) return [];
    return db
      .select({ courseId: certificates.courseId, code: certificates.code })
      .from(certificates)
      .where(and(eq(certificates.userId, userId), inArray(certificates.courseId, courseIds)));
  },

  /** A member's certificates, newest first: what their talent profile shows. */
  async ofUser(db: DbOrTx, userId: string, limit: number) {
    return db
      .select({
        code: certificates.code,
        courseId: certificates.courseId,
        courseTitle: certificates.courseTitle,
        issuedAt: certificates.issuedAt,
      })
      .from(certificates)
      .where(eq(certificates.userId, userId))
      .orderBy(desc(certificates.issuedAt))
      .limit(limit);
  },
};
