import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accountColumns, users, type AccountRow } from '../accounts/accounts.table';
import { emailTokens, sessions, type TokenPurpose } from './auth.table';

export const authRepo = {
  async insertSession(
    db: DbOrTx,
    values: { idHash: string; userId: string; expiresAt: Date; userAgent: string | null; ip: string | null },
  ): Promise<void> {
    await db.insert(sessions).values(values);
  },

  /**
   * The live session and its user in one statement: this runs on every authenticated request.
   * The user comes without the password hash, which no request past login needs.
   */
  async findLiveSession(db: DbOrTx, idHash: string, now: Date) {
    const [row] = await db
      .select({ session: sessions, user: accountColumns })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, now)))
      .limit(1);
    return row as { session: typeof sessions.$inferSelect; user: AccountRow } | undefined;
  },

  async extendSession(db: DbOrTx, idHash: string, expiresAt: Date, now: Date): Promise<void> {
    await db.update(sessions).set({ expiresAt, lastSeenAt: now }).where(eq(sessions.idHash, idHash));
  },

  async deleteSession(db: DbOrTx, idHash: string): Promise<void> {
    await db.delete(sessions).where(eq(sessions.idHash, idHash));
  },

  async deleteUserSessions(db: DbOrTx, userId: string): Promise<void> {
    await db.delete(sessions).where(eq(sessions.userId, userId));
  },

  async deleteExpiredSessions(db: DbOrTx, now: Date): Promise<void> {
    await db.delete(sessions).where(lt(sessions.expiresAt, now));
  },

  async insertToken(
    db: DbOrTx,
    values: { tokenHash: string; userId: string; purpose: TokenPurpose; expiresAt: Date },
  ): Promise<void> {
    await db.insert(emailTokens).values(values);
  },

  /**
   * Marks the token used and answers its user id, in one statement, so that two requests
   * racing with the same token cannot both succeed.
   */
  async consumeToken(db: DbOrTx, tokenHash: string, purpose: TokenPurpose, now: Date): Promise<string | undefined> {
    const [row] = await db
      .update(emailTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailTokens.tokenHash, tokenHash),
          eq(emailTokens.purpose, purpose),
          isNull(emailTokens.usedAt),
          gt(emailTokens.expiresAt, now),
        ),
      )
      .returning({ userId: emailTokens.userId });
    return row?.userId;
  },

  /** A new link makes the older unused ones of the same purpose worthless. */
  async retireTokens(db: DbOrTx, userId: string, purpose: TokenPurpose, now: Date): Promise<void> {
    await db
      .update(emailTokens)
      .set({ usedAt: now })
      .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
  },
};
