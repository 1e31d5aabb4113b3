import { and, eq, isNotNull, lt, not, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { suspensions, users } from './accounts.table';

/** The prefix of released usernames: never a valid choice at registration (it has no letters after it that a person typed). */
export const RELEASED_USERNAME_PREFIX = 'deleted-';

/** The account's own data for "Download my data", and its anonymisation when the account is erased (decision 020). */
export const accountsPrivacyRepo = {
  async export(db: DbOrTx, userId: string) {
    const [user] = await db
      .select({
        id: users.id,
        username: users.username,
        email: users.email,
        fullName: users.fullName,
        role: users.role,
        emailVerified: users.emailVerified,
        avatarUrl: users.avatarUrl,
        lastSeenAt: users.lastSeenAt,
        createdAt: users.createdAt,
        updatedAt: users.updatedAt,
      })
      .from(users)
      .where(eq(users.id, userId));
    const held = await db
      .select({
        reason: suspensions.reason,
        restrictions: suspensions.restrictions,
        endsAt: suspensions.endsAt,
        liftedAt: suspensions.liftedAt,
        createdAt: suspensions.createdAt,
      })
      .from(suspensions)
      .where(eq(suspensions.userId, userId));
    return { user, suspensions: held };
  },

  /**
   * The row stays (payments point at it) with nothing that names the person: a mail address that
   * can never be delivered (RFC 2606's .invalid), "Former member", a hash no password matches. The
   * username stays until `releaseUsernames`, so nobody takes it over at once.
   */
  async anonymise(db: DbOrTx, userId: string, now: Date): Promise<void> {
    await db
      .update(users)
      .set({
        email: sql`'erased-' || ${users.id}::text || '@deleted.invalid'`,
        fullName: 'Former member',
        passwordHash: '!erased',
        emailVerified: false,
        avatarUrl: null,
        lastSeenAt: null,
        deletedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, userId));
    await db.delete(suspensions).where(eq(suspensions.userId, userId));
  },

  /** Usernames of accounts deleted before `before` are renamed, so that they can be registered again. */
  async releaseUsernames(db: DbOrTx, before: Date): Promise<number> {
    const rows = await db
      .update(users)
      .set({ username: sql`${RELEASED_USERNAME_PREFIX} || ${users.id}::text` })
      .where(
        and(
          isNotNull(users.deletedAt),
          lt(users.deletedAt, before),
          not(sql`${users.username} like ${`${RELEASED_USERNAME_PREFIX}%`}`),
        ),
      )
      .returning({ id: users.id });
    return rows.length;
  },
};
