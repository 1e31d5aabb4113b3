import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { jobSearches, type JobSearchRow } from './jobs.table';

export type { JobSearchRow } from './jobs.table';
export type NewJobSearch = typeof jobSearches.$inferInsert;

/** Saved searches and where their alerts and digests have got to. */
export const jobAlertsRepo = {
  async owned(db: DbOrTx, userId: string, id: string): Promise<JobSearchRow | undefined> {
    const [row] = await db
      .select()
      .from(jobSearches)
      .where(and(eq(jobSearches.id, id), eq(jobSearches.userId, userId)));
    return row;
  },

  /** The search, locked until the transaction ends. */
  async lock(tx: DbOrTx, id: string): Promise<JobSearchRow | undefined> {
    const [search] = await tx.select().from(jobSearches).where(eq(jobSearches.id, id)).for('update');
    return search;
  },

  async set(
    db: DbOrTx,
    id: string,
    changes: Partial<Pick<JobSearchRow, 'alertedUntil' | 'digestedUntil' | 'lastDigestAt'>>,
  ): Promise<void> {
    await db.update(jobSearches).set(changes).where(eq(jobSearches.id, id));
  },

  /** Every search's id, oldest first; only those with a digest when `digestOnly`. */
  async ids(db: DbOrTx, digestOnly: boolean): Promise<string[]> {
    return (
      await db
        .select({ id: jobSearches.id })
        .from(jobSearches)
        .where(digestOnly ? eq(jobSearches.emailDigest, true) : sql`true`)
        .orderBy(asc(jobSearches.createdAt))
    ).map((r) => r.id);
  },

  ofUser: (db: DbOrTx, userId: string) =>
    db
      .select()
      .from(jobSearches)
      .where(eq(jobSearches.userId, userId))
      .orderBy(asc(jobSearches.createdAt), asc(jobSearches.id)),

  async countOf(db: DbOrTx, userId: string): Promise<number> {
    const [{ n }] = (await db
      .select({ n: sql<number>`count(*)::int` })
      .from(jobSearches)
      .where(eq(jobSearches.userId, userId))) as [{ n: number }];
    return n;
  },

  async insert(db: DbOrTx, v: NewJobSearch): Promise<JobSearchRow> {
    const [row] = await db.insert(jobSearches).values(v).returning();
    return row!;
  },

  async setDigest(db: DbOrTx, id: string, emailDigest: boolean): Promise<JobSearchRow> {
    const [row] = await db.update(jobSearches).set({ emailDigest }).where(eq(jobSearches.id, id)).returning();
    return row!;
  },

  async remove(db: DbOrTx, id: string): Promise<void> {
    await db.delete(jobSearches).where(eq(jobSearches.id, id));
  },

  /** Turns off the digest of the search this token names; true when it named one. */
  async unsubscribe(db: DbOrTx, token: string): Promise<boolean> {
    const rows = await db
      .update(jobSearches)
      .set({ emailDigest: false })
      .where(eq(jobSearches.unsubscribeToken, token))
      .returning({ id: jobSearches.id });
    return rows.length > 0;
  },
};
