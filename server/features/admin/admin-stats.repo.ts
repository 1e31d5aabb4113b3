import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { utcDay } from '#server/db/utc-day';
import { users } from '../accounts/accounts.table';
import { sessions } from '../auth/auth.table';

/** The admin console's own figures: one query each. */
export const adminStatsRepo = {
  signups: (db: DbOrTx, from: Date, to: Date) =>
    db
      .select({ day: utcDay(users.createdAt), signups: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`${users.createdAt} >= ${from} and ${users.createdAt} < ${to}`)
      .groupBy(sql`1`),

  /** Members whose session was last used that day (sessions are kept until they expire). */
  active: (db: DbOrTx, from: Date, to: Date) =>
    db
      .select({ day: utcDay(sessions.lastSeenAt), active: sql<number>`count(distinct ${sessions.userId})::int` })
      .from(sessions)
      .where(sql`${sessions.lastSeenAt} >= ${from} and ${sessions.lastSeenAt} < ${to}`)
      .groupBy(sql`1`),

  /** Accounts not deleted, counted under each role they hold. */
  membersByRole: (db: DbOrTx) =>
    db
      .select({ role: sql<string>`r.role`, n: sql<number>`count(*)::int` })
      .from(sql`${users} cross join lateral unnest(${users.roles}) as r(role)`)
      .where(sql`${users.deletedAt} is null`)
      .groupBy(sql`r.role`),
};
