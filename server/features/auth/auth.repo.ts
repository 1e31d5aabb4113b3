import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { accountRecords, activeSuspensionQuery } from '../accounts';
import { PRIVACY_VERSION, TERMS_VERSION } from '#shared/constants';
import { emailTokens, sessions, type TokenPurpose } from './auth.table';
import { consents } from './security.table';

export { TOKEN_PURPOSES, type TokenPurpose } from './auth.table';

/**
 * The session lookup as a query with placeholders: the statement the app prepares, and the SQL
 * that `npm run bench` runs in a bare loop as the yardstick.
 */
export function liveSessionQuery(db: DbOrTx) {
  const now = sql.placeholder('now');
  const suspension = activeSuspensionQuery(db, sessions.userId, now).as('suspension');
  const account = accountRecords('account');
  return (
    db
      .select({
        expiresAt: sessions.expiresAt,
        lastSeenAt: sessions.lastSeenAt,
        user: account._.selectedFields,
        // Nested, so that drizzle maps "no suspension" (left join, all null) to null.
        suspension: { restrictions: suspension.restrictions, reason: suspension.reason, endsAt: suspension.endsAt },
        // A terms or privacy version in force that the member has not accepted (decision 019); admins are never asked.
        consentRequired: sql<boolean>`${account.role} <> 'admin' and exists (
        select 1 from (values ('terms', ${TERMS_VERSION}::text), ('privacy', ${PRIVACY_VERSION}::text)) as current_version(document, version)
        where not exists (select 1 from ${consents} c where c.user_id = ${sessions.userId} and c.document = current_version.document and c.version >= current_version.version)
      )`,
      })
      .from(sessions)
      .innerJoin(account, eq(account.id, sessions.userId))
      .leftJoinLateral(suspension, sql`true`)
      // A deleted account's sessions stop signing it in at once (decision 013).
      .where(
        and(eq(sessions.idHash, sql.placeholder('idHash')), gt(sessions.expiresAt, now), isNull(account.deletedAt)),
      )
      .limit(1)
  );
}

type LiveSessionStatement = ReturnType<ReturnType<typeof liveSessionQuery>['prepare']>;
const liveSessionStatements = new WeakMap<DbOrTx, LiveSessionStatement>();

/** Prepared once per database handle: building the query in drizzle costs more than running it. */
function liveSessionStatement(db: DbOrTx): LiveSessionStatement {
  let statement = liveSessionStatements.get(db);
  if (!statement) liveSessionStatements.set(db, (statement = liveSessionQuery(db).prepare('auth_live_session')));
  return statement;
}

export const authRepo = {
  async insertSession(
    db: DbOrTx,
    values: {
      idHash: string;
      userId: string;
      expiresAt: Date;
      createdAt: Date;
      lastSeenAt: Date;
      userAgent: string | null;
      ip: string | null;
    },
  ): Promise<void> {
    await db.insert(sessions).values(values);
  },

  /**
   * The live session, its user and the user's suspension in force, in one prepared statement:
   * this runs on every authenticated request. The user comes without the password hash, which no
   * request past login needs.
   */
  async findLiveSession(db: DbOrTx, idHash: string, now: Date) {
    const [row] = await liveSessionStatement(db).execute({ idHash, now });
    return row;
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

  /** The user of a live token, leaving it unused. */
  async findLiveToken(db: DbOrTx, tokenHash: string, purpose: TokenPurpose, now: Date): Promise<string | undefined> {
    const [row] = await db
      .select({ userId: emailTokens.userId })
      .from(emailTokens)
      .where(
        and(
          eq(emailTokens.tokenHash, tokenHash),
          eq(emailTokens.purpose, purpose),
          isNull(emailTokens.usedAt),
          gt(emailTokens.expiresAt, now),
        ),
      );
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
