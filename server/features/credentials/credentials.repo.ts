import { and, asc, between, eq, isNotNull, isNull, like } from 'drizzle-orm';
import type { Db, DbOrTx } from '#server/db/client';
import { credentialKeys, credentials, type CredentialRow } from './credentials.table';

export type { CredentialRow } from './credentials.table';

export type NewCredential = Pick<
  CredentialRow,
  'userId' | 'subjectKey' | 'holderName' | 'achievement' | 'evidence' | 'issuedAt' | 'validUntil'
>;

export const credentialsRepo = {
  /** Stores the key unless one is there already, and returns the one stored. */
  async keepKey(db: Db, id: string, privateJwk: Record<string, string>): Promise<Record<string, string>> {
    await db.insert(credentialKeys).values({ id, privateJwk }).onConflictDoNothing();
    const [row] = await db.select().from(credentialKeys).where(eq(credentialKeys.id, id));
    return row!.privateJwk;
  },

  /** Every live skill credential: the passport's daily recheck walks them. */
  async liveSkills(db: DbOrTx): Promise<Array<Pick<CredentialRow, 'id' | 'userId' | 'subjectKey' | 'achievement'>>> {
    return db
      .select({
        id: credentials.id,
        userId: credentials.userId,
        subjectKey: credentials.subjectKey,
        achievement: credentials.achievement,
      })
      .from(credentials)
      .where(
        and(isNull(credentials.revokedAt), isNotNull(credentials.userId), like(credentials.subjectKey, 'skill:%')),
      );
  },

  async find(db: DbOrTx, id: string): Promise<CredentialRow | undefined> {
    const [row] = await db.select().from(credentials).where(eq(credentials.id, id)).limit(1);
    return row;
  },

  async findLive(db: DbOrTx, userId: string, subjectKey: string): Promise<CredentialRow | undefined> {
    const [row] = await db
      .select()
      .from(credentials)
      .where(and(eq(credentials.userId, userId), eq(credentials.subjectKey, subjectKey), isNull(credentials.revokedAt)))
      .limit(1);
    return row;
  },

  /** Undefined when that holder already has a live credential for the subject (the partial unique index). */
  async insert(tx: DbOrTx, values: NewCredential): Promise<CredentialRow | undefined> {
    const [row] = await tx.insert(credentials).values(values).onConflictDoNothing().returning();
    return row;
  },

  /** Revokes the live ones matching; returns those it revoked. */
  async revoke(
    tx: DbOrTx,
    where: { id?: string; userId?: string; subjectKey?: string },
    at: Date,
    reason: string,
  ): Promise<CredentialRow[]> {
    return tx
      .update(credentials)
      .set({ revokedAt: at, revokedReason: reason })
      .where(
        and(
          isNull(credentials.revokedAt),
          where.id ? eq(credentials.id, where.id) : undefined,
          where.userId ? eq(credentials.userId, where.userId) : undefined,
          where.subjectKey ? eq(credentials.subjectKey, where.subjectKey) : undefined,
        ),
      )
      .returning();
  },

  /** The revoked bits between two global indexes (one status list). */
  async revokedBetween(db: DbOrTx, from: number, to: number): Promise<number[]> {
    const rows = await db
      .select({ i: credentials.statusIndex })
      .from(credentials)
      .where(and(isNotNull(credentials.revokedAt), between(credentials.statusIndex, from, to)))
      .orderBy(asc(credentials.statusIndex));
    return rows.map((r) => r.i);
  },

  /** Erasure: the holder's name leaves every credential, which stays (revoked) for verifiers. */
  async forgetHolder(tx: DbOrTx, userId: string): Promise<void> {
    await tx
      .update(credentials)
      .set({ holderName: 'Former member', evidence: [], userId: null })
      .where(eq(credentials.userId, userId));
  },

  async ofUser(db: DbOrTx, userId: string) {
    return db.select().from(credentials).where(eq(credentials.userId, userId)).orderBy(asc(credentials.issuedAt));
  },
};
