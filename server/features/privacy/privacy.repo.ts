import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { accountDeletions, birthDates, dataExports, guardianConsents, type DataExportRow } from './privacy.table';

export type { DataExportRow } from './privacy.table';

/** The privacy feature's own tables: dates of birth, guardian consents, exports, scheduled deletions. */
export const privacyRepo = {
  async birthDate(db: DbOrTx, userId: string): Promise<string | undefined> {
    const [row] = await db.select({ d: birthDates.dateOfBirth }).from(birthDates).where(eq(birthDates.userId, userId));
    return row?.d;
  },

  /** Records it once: a second answer changes nothing (only an admin would, and no admin screen does yet). */
  async insertBirthDate(db: DbOrTx, userId: string, dateOfBirth: string, now: Date): Promise<void> {
    await db.insert(birthDates).values({ userId, dateOfBirth, recordedAt: now }).onConflictDoNothing();
  },

  async guardian(db: DbOrTx, userId: string) {
    const [row] = await db.select().from(guardianConsents).where(eq(guardianConsents.userId, userId));
    return row;
  },

  /** Names (or renames) the guardian of a request not yet confirmed. */
  async upsertGuardian(
    db: DbOrTx,
    userId: string,
    guardianName: string,
    guardianEmail: string,
    now: Date,
  ): Promise<void> {
    await db
      .insert(guardianConsents)
      .values({ userId, guardianName, guardianEmail, requestedAt: now })
      .onConflictDoUpdate({
        target: guardianConsents.userId,
        set: { guardianName, guardianEmail, requestedAt: now },
        where: isNull(guardianConsents.consentedAt),
      });
  },

  async consent(db: DbOrTx, userId: string, now: Date, ip: string | null, userAgent: string | null): Promise<void> {
    await db
      .update(guardianConsents)
      .set({ consentedAt: now, consentIp: ip, consentUserAgent: userAgent })
      .where(and(eq(guardianConsents.userId, userId), isNull(guardianConsents.consentedAt)));
  },

  /** The export being built, or the newest one still downloadable. */
  async currentExport(db: DbOrTx, userId: string, now: Date): Promise<DataExportRow | undefined> {
    const [row] = await db
      .select()
      .from(dataExports)
      .where(
        and(eq(dataExports.userId, userId), or(eq(dataExports.status, 'building'), gt(dataExports.expiresAt, now))),
      )
      .orderBy(desc(dataExports.requestedAt))
      .limit(1);
    return row;
  },

  async findExport(db: DbOrTx, id: string): Promise<DataExportRow | undefined> {
    const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id));
    return row;
  },

  /** A new export, or none when one is already building (the partial unique index decides a race). */
  async insertExport(db: DbOrTx, userId: string, now: Date): Promise<DataExportRow | undefined> {
    const [row] = await db
      .insert(dataExports)
      .values({ userId, status: 'building', requestedAt: now })
      .onConflictDoNothing()
      .returning();
    return row;
  },

  async markExportReady(
    db: DbOrTx,
    id: string,
    file: { uploadId: string; storedName: string },
    now: Date,
    expiresAt: Date,
  ): Promise<void> {
    await db
      .update(dataExports)
      .set({ status: 'ready', ...file, readyAt: now, expiresAt })
      .where(eq(dataExports.id, id));
  },

  /** Upload ids of exports still downloadable at `now`, among `ids` (the uploads referrer). */
  async liveExportUploads(db: DbOrTx, ids: string[], now: Date): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await db.select({ id: dataExports.uploadId }).from(dataExports).where(gt(dataExports.expiresAt, now));
    const wanted = new Set(ids);
    return rows.map((r) => r.id!).filter((id) => wanted.has(id));
  },

  async deletion(db: DbOrTx, userId: string) {
    const [row] = await db.select().from(accountDeletions).where(eq(accountDeletions.userId, userId));
    return row;
  },

  async insertDeletion(db: DbOrTx, userId: string, requestedAt: Date, dueAt: Date): Promise<void> {
    await db.insert(accountDeletions).values({ userId, requestedAt, dueAt }).onConflictDoNothing();
  },

  async deleteDeletion(db: DbOrTx, userId: string): Promise<boolean> {
    const rows = await db
      .delete(accountDeletions)
      .where(eq(accountDeletions.userId, userId))
      .returning({ userId: accountDeletions.userId });
    return rows.length > 0;
  },

  /** What erasure removes of privacy's own: the date of birth, exports, a guardian request never confirmed. */
  async erase(db: DbOrTx, userId: string): Promise<void> {
    await db.delete(birthDates).where(eq(birthDates.userId, userId));
    await db.delete(dataExports).where(eq(dataExports.userId, userId));
    await db
      .delete(guardianConsents)
      .where(and(eq(guardianConsents.userId, userId), isNull(guardianConsents.consentedAt)));
    await db.delete(accountDeletions).where(eq(accountDeletions.userId, userId));
  },
};
