import { and, count, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { recoveryCodes, twoFactor } from './two-factor.table';

export const twoFactorRepo = {
  async find(db: DbOrTx, userId: string) {
    const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1);
    return row;
  },

  /** A new secret waiting for its first code; a setup begun earlier and never confirmed is replaced. */
  async startSetup(db: DbOrTx, userId: string, secret: string, at: Date): Promise<boolean> {
    const rows = await db
      .insert(twoFactor)
      .values({ userId, secret, createdAt: at })
      .onConflictDoUpdate({
        target: twoFactor.userId,
        set: { secret, createdAt: at, lastStep: null },
        setWhere: isNull(twoFactor.enabledAt),
      })
      .returning({ userId: twoFactor.userId });
    return rows.length > 0;
  },

  async enable(db: DbOrTx, userId: string, step: number, at: Date): Promise<boolean> {
    const rows = await db
      .update(twoFactor)
      .set({ enabledAt: at, lastStep: step })
      .where(and(eq(twoFactor.userId, userId), isNull(twoFactor.enabledAt)))
      .returning({ userId: twoFactor.userId });
    return rows.length > 0;
  },

  /**
   * Takes the step of an accepted code, in one statement: only a later step than the last one
   * passes, so the same code (or an older one) is refused, also when two requests race with it.
   */
  async takeStep(db: DbOrTx, userId: string, step: number): Promise<boolean> {
    const rows = await db
      .update(twoFactor)
      .set({ lastStep: step })
      .where(
        and(
          eq(twoFactor.userId, userId),
          isNotNull(twoFactor.enabledAt),
          or(isNull(twoFactor.lastStep), lt(twoFactor.lastStep, step)),
        ),
      )
      .returning({ userId: twoFactor.userId });
    return rows.length > 0;
  },

  async insertRecoveryCodes(
    db: DbOrTx,
    rows: Array<{ userId: string; salt: string; codeHash: string; createdAt: Date }>,
  ): Promise<void> {
    await db.insert(recoveryCodes).values(rows);
  },

  unusedRecoveryCodes: (db: DbOrTx, userId: string) =>
    db
      .select({ id: recoveryCodes.id, salt: recoveryCodes.salt, codeHash: recoveryCodes.codeHash })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt))),

  async countUnused(db: DbOrTx, userId: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
    return row?.n ?? 0;
  },

  /** Marks the code used, once: of two requests with the same code, one gets true. */
  async useRecoveryCode(db: DbOrTx, id: number, at: Date): Promise<boolean> {
    const rows = await db
      .update(recoveryCodes)
      .set({ usedAt: at })
      .where(and(eq(recoveryCodes.id, id), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id });
    return rows.length > 0;
  },

  /** Turning off, and erasure: the secret and every recovery code go. */
  async remove(db: DbOrTx, userId: string): Promise<boolean> {
    await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    const rows = await db.delete(twoFactor).where(eq(twoFactor.userId, userId)).returning({ userId: twoFactor.userId });
    return rows.length > 0;
  },
};
