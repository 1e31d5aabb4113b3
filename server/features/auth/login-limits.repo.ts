import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { transaction } from '#server/db/transaction';
import type { BucketCounts } from './login-limits.policy';
import { loginFailures, trustedDevices } from './auth.table';

/** Which failures an attempt is judged by (see login-limits.policy.ts). */
export type Bucket = { device: string } | { address: string };

const epochMs = (expr: ReturnType<typeof sql>) =>
  sql<number | null>`(extract(epoch from ${expr}) * 1000)::float8`.mapWith(Number);

export const loginLimitsRepo = {
  /**
   * Writes the attempt down before the password is checked, so that a burst of parallel guesses
   * sees itself: a success takes its row back, a failure leaves it.
   */
  async reserve(
    db: DbOrTx,
    row: { account: string; address: string; device: string | null; at: Date },
  ): Promise<number> {
    const [inserted] = await db.insert(loginFailures).values(row).returning({ id: loginFailures.id });
    return inserted!.id;
  },

  async release(db: DbOrTx, id: number): Promise<void> {
    await db.delete(loginFailures).where(eq(loginFailures.id, id));
  },

  /** The two buckets' counts in one statement, leaving out the attempt's own reservation. */
  async counts(
    db: DbOrTx,
    q: { account: string; bucket: Bucket; ownId: number; narrowSince: Date; wideSince: Date },
  ): Promise<BucketCounts> {
    const wide =
      'device' in q.bucket ? eq(loginFailures.device, q.bucket.device) : sql`${loginFailures.device} is null`;
    const narrow = 'device' in q.bucket ? wide : and(wide, eq(loginFailures.address, q.bucket.address));
    const recent = and(narrow, gt(loginFailures.at, q.narrowSince));
    const [row] = await db
      .select({
        narrow: sql<number>`count(*) filter (where ${recent})::int`.mapWith(Number),
        narrowOldest: epochMs(sql`min(${loginFailures.at}) filter (where ${recent})`),
        wide: sql<number>`count(*) filter (where ${wide})::int`.mapWith(Number),
        wideLatest: epochMs(sql`max(${loginFailures.at}) filter (where ${wide})`),
      })
      .from(loginFailures)
      .where(
        and(eq(loginFailures.account, q.account), gt(loginFailures.at, q.wideSince), ne(loginFailures.id, q.ownId)),
      );
    const toDate = (ms: number | null | undefined) =>
      ms === null || ms === undefined || Number.isNaN(ms) ? null : new Date(ms);
    return {
      narrow: row?.narrow ?? 0,
      narrowOldest: toDate(row?.narrowOldest),
      wide: row?.wide ?? 0,
      wideLatest: toDate(row?.wideLatest),
    };
  },

  /** Failures older than the longest window are of no use: dropped by the hourly purge. */
  async purgeFailures(db: DbOrTx, before: Date): Promise<void> {
    await db.delete(loginFailures).where(lt(loginFailures.at, before));
  },

  async isTrusted(db: DbOrTx, tokenHash: string, userId: string, usedSince: Date): Promise<boolean> {
    const [row] = await db
      .select({ userId: trustedDevices.userId })
      .from(trustedDevices)
      .where(
        and(
          eq(trustedDevices.tokenHash, tokenHash),
          eq(trustedDevices.userId, userId),
          gt(trustedDevices.lastUsedAt, usedSince),
        ),
      )
      .limit(1);
    return Boolean(row);
  },

  /**
   * The device's cookie changes at every sign-in (a value planted in a browser beforehand is
   * worth nothing afterwards); the other accounts it was trusted for move to the new value.
   */
  async rotate(db: DbOrTx, q: { oldHash?: string; newHash: string; userId: string; now: Date }): Promise<void> {
    await transaction(db, async (tx) => {
      if (q.oldHash) {
        await tx.insert(trustedDevices).select(
          tx
            .select({
              tokenHash: sql<string>`${q.newHash}`.as('token_hash'),
              userId: trustedDevices.userId,
              createdAt: trustedDevices.createdAt,
              lastUsedAt: trustedDevices.lastUsedAt,
            })
            .from(trustedDevices)
            .where(and(eq(trustedDevices.tokenHash, q.oldHash), ne(trustedDevices.userId, q.userId))),
        );
        await tx.delete(trustedDevices).where(eq(trustedDevices.tokenHash, q.oldHash));
      }
      await tx.insert(trustedDevices).values({ tokenHash: q.newHash, userId: q.userId, lastUsedAt: q.now });
    });
  },

  async purgeDevices(db: DbOrTx, usedBefore: Date): Promise<void> {
    await db.delete(trustedDevices).where(lt(trustedDevices.lastUsedAt, usedBefore));
  },
};
