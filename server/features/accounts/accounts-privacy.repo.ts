import { and, eq, isNotNull, lt, not, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { memberRows } from '#server/db/member-rows';
import { suspensions, users } from './accounts.table';

/** The prefix of released usernames: never a valid choice at registration (it has no letters after it that a person typed). */
export const RELEASED_USERNAME_PREFIX = 'deleted-';

/** The account's own data for "Download my data", and its anonymisation when the account is erased (decision 020). */
export const accountsPrivacyRepo = {
  async export(db: DbOrTx, userId: string) {
    const [user] = await memberRows(db, users, users.id, userId, [
      'id',
      'username',
      'email',
      'fullName',
      'role',
      'emailVerified',
      'avatarUrl',
      'lastSeenAt',
      'createdAt',
      'updatedAt',
    ]);
    const held = await memberRows(db, suspensions, suspensions.userId, userId, [
      'reason',
      'restrictions',
      'endsAt',
      'liftedAt',
      'createdAt',
    ]);
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
