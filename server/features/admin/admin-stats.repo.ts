import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { utcDay } from '#server/db/utc-day';
import { accountRecords } from '../accounts';
import { sessionRecords } from '../auth';

const member = accountRecords('member');
const session = sessionRecords('session');

/** The admin console's own figures: one query each. */
export const adminStatsRepo = {
  signups: (db: DbOrTx, from: Date, to: Date) =>
    db
      .select({ day: utcDay(member.createdAt), signups: sql<number>`count(*)::int` })
      .from(member)
      .where(sql`${member.createdAt} >= ${from} and ${member.createdAt} < ${to}`)
      .groupBy(sql`1`),

  /** Members whose session was last used that day (sessions are kept until they expire). */
  active: (db: DbOrTx, from: Date, to: Date) =>
    db
      .select({ day: utcDay(session.lastSeenAt), active: sql<number>`count(distinct ${session.userId})::int` })
      .from(session)
      .where(sql`${session.lastSeenAt} >= ${from} and ${session.lastSeenAt} < ${to}`)
      .groupBy(sql`1`),

  /** Accounts not deleted, counted under each role they hold. */
  membersByRole: (db: DbOrTx) =>
    db
      .select({ role: sql<string>`r.role`, n: sql<number>`count(*)::int` })
      .from(sql`${member} cross join lateral unnest(${member.roles}) as r(role)`)
      .where(sql`${member.deletedAt} is null`)
      .groupBy(sql`r.role`),
};
