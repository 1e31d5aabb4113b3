import { and, desc, eq, gt, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import type { TConsentDocument } from '#shared/accounts/security.schemas';
import { emailTokens, sessions } from './auth.table';
import { consents, emailChanges } from './security.table';

/** How often a session's `last_seen_at` may be written: at most once a minute per session. */
export const LAST_SEEN_EVERY_MS = 60_000;

const sessionView = {
  publicId: sessions.publicId,
  idHash: sessions.idHash,
  userAgent: sessions.userAgent,
  ip: sessions.ip,
  createdAt: sessions.createdAt,
  lastSeenAt: sessions.lastSeenAt,
  expiresAt: sessions.expiresAt,
};

export const securityRepo = {
  /** The member's live sessions, most recently seen first. `idHash` stays in the server. */
  liveSessions(db: DbOrTx, userId: string, now: Date) {
    return db
      .select(sessionView)
      .from(sessions)
      .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
      .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
  },

  /** Ends one of the member's sessions by its public id; answers the ended session's hash. */
  async deleteSession(db: DbOrTx, userId: string, publicId: string): Promise<string | undefined> {
    const [row] = await db
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), eq(sessions.publicId, publicId)))
      .returning({ idHash: sessions.idHash });
    return row?.idHash;
  },

  /** Ends every session of the member (an admin's "end all sessions"); answers their hashes. */
  async deleteAllSessions(db: DbOrTx, userId: string): Promise<string[]> {
    const rows = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ idHash: sessions.idHash });
    return rows.map((r) => r.idHash);
  },

  /** Ends every session of the member but `keepHash`; answers the ended sessions' hashes. */
  async deleteOtherSessions(db: DbOrTx, userId: string, keepHash: string): Promise<string[]> {
    const rows = await db
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), ne(sessions.idHash, keepHash)))
      .returning({ idHash: sessions.idHash });
    return rows.map((r) => r.idHash);
  },

  /** Notes activity, once a minute at most: the condition makes racing requests write once. */
  async touchSession(db: DbOrTx, idHash: string, now: Date): Promise<void> {
    await db
      .update(sessions)
      .set({ lastSeenAt: now })
      .where(and(eq(sessions.idHash, idHash), lt(sessions.lastSeenAt, new Date(now.getTime() - LAST_SEEN_EVERY_MS))));
  },

  async insertConsents(
    db: DbOrTx,
    userId: string,
    versions: Record<TConsentDocument, string>,
    meta: { ip: string | null; userAgent: string | null },
    at: Date,
  ): Promise<void> {
    await db.insert(consents).values(
      (Object.keys(versions) as TConsentDocument[]).map((document) => ({
        userId,
        document,
        version: versions[document],
        acceptedAt: at,
        ...meta,
      })),
    );
  },

  /** The newest version of each document the member accepted (versions are ISO dates). */
  async acceptedVersions(db: DbOrTx, userId: string): Promise<Partial<Record<TConsentDocument, string>>> {
    const rows = await db
      .select({ document: consents.document, version: sql<string>`max(${consents.version})` })
      .from(consents)
      .where(eq(consents.userId, userId))
      .groupBy(consents.document);
    return Object.fromEntries(rows.map((r) => [r.document, r.version]));
  },

  listConsents: (db: DbOrTx, userId: string) =>
    db.select().from(consents).where(eq(consents.userId, userId)).orderBy(consents.acceptedAt, consents.id),

  async pendingEmail(db: DbOrTx, userId: string, now: Date) {
    const [row] = await db
      .select()
      .from(emailChanges)
      .where(and(eq(emailChanges.userId, userId), gt(emailChanges.expiresAt, now)));
    return row;
  },

  async setPendingEmail(db: DbOrTx, values: typeof emailChanges.$inferInsert): Promise<void> {
    await db
      .insert(emailChanges)
      .values(values)
      .onConflictDoUpdate({
        target: emailChanges.userId,
        set: { newEmail: values.newEmail, requestedAt: values.requestedAt, expiresAt: values.expiresAt },
      });
  },

  async deletePendingEmail(db: DbOrTx, userId: string): Promise<boolean> {
    const rows = await db
      .delete(emailChanges)
      .where(eq(emailChanges.userId, userId))
      .returning({ userId: emailChanges.userId });
    return rows.length > 0;
  },

  /**
   * The account's security data for the privacy export: sessions without their hashes (nothing
   * in the file can sign anyone in), every consent, the pending email change.
   */
  async exportOf(db: DbOrTx, userId: string) {
    const { idHash: _secret, ...withoutSecret } = sessionView;
    const [sessionRows, consentRows, [pending]] = await Promise.all([
      db.select(withoutSecret).from(sessions).where(eq(sessions.userId, userId)).orderBy(sessions.createdAt),
      securityRepo.listConsents(db, userId),
      db.select().from(emailChanges).where(eq(emailChanges.userId, userId)),
    ]);
    return {
      sessions: sessionRows.map(({ publicId, ...rest }) => ({ id: publicId, ...rest })),
      consents: consentRows.map(({ document, version, acceptedAt, ip, userAgent }) => ({
        document,
        version,
        acceptedAt,
        ip,
        userAgent,
      })),
      pendingEmailChange: pending
        ? { email: pending.newEmail, requestedAt: pending.requestedAt, expiresAt: pending.expiresAt }
        : null,
    };
  },

  /** Erasure: sessions and the pending change go; consents stay, without address or browser. */
  async erase(db: DbOrTx, userId: string): Promise<void> {
    await db.delete(sessions).where(eq(sessions.userId, userId));
    await db.delete(emailChanges).where(eq(emailChanges.userId, userId));
    await db.delete(emailTokens).where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, 'change_email')));
    await db
      .update(consents)
      .set({ ip: null, userAgent: null })
      .where(and(eq(consents.userId, userId), or(isNotNull(consents.ip), isNotNull(consents.userAgent))));
  },
};
