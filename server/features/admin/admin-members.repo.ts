import { and, asc, count, desc, eq, gt, gte, isNotNull, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import type { TRole } from '#shared/roles';
import type { TMemberStatus } from '#shared/admin/admin.schemas';
import { suspensions, users } from '../accounts/accounts.table';
import { sessions } from '../auth/auth.table';
import { reports } from '../reports/reports.table';

/**
 * The console's view of members. Admins see every account, hidden and deleted ones included, so
 * this reads `users` itself rather than through the person display rule (decision 027).
 */
export interface MemberFilter {
  q?: string;
  role?: TRole;
  status?: TMemberStatus;
  joinedFrom?: Date;
  joinedTo?: Date;
  sort: 'newest' | 'oldest' | 'name' | 'username';
}

/** A suspension in force at `now` for the outer query's user. */
const suspendedAt = (now: Date) =>
  // "users"."id" spelled out: in a select list drizzle names columns bare, and a bare "id" inside
  // this subquery would be the suspension's (as person.ts notes).
  sql<boolean>`exists (select 1 from ${suspensions} where ${suspensions.userId} = "users"."id"
    and ${suspensions.liftedAt} is null
    and (${suspensions.endsAt} is null or ${suspensions.endsAt} > ${now}))`;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function where(f: MemberFilter, now: Date): SQL | undefined {
  const like = f.q ? `%${escapeLike(f.q)}%` : undefined;
  const suspended = suspendedAt(now);
  return and(
    // One expression, matching the trigram index users_search_trgm_idx (migration admin_custom).
    like ? sql`(${users.username} || ' ' || ${users.email} || ' ' || ${users.fullName}) ilike ${like}` : undefined,
    f.role ? sql`${users.roles} @> array[${f.role}::text]` : undefined,
    f.joinedFrom ? gte(users.createdAt, f.joinedFrom) : undefined,
    f.joinedTo ? lt(users.createdAt, f.joinedTo) : undefined,
    f.status === 'deleted' ? isNotNull(users.deletedAt) : undefined,
    f.status === 'suspended' ? and(isNull(users.deletedAt), suspended) : undefined,
    f.status === 'unverified' ? and(isNull(users.deletedAt), eq(users.emailVerified, false)) : undefined,
    f.status === 'active'
      ? and(isNull(users.deletedAt), eq(users.emailVerified, true), sql`not ${suspended}`)
      : undefined,
  );
}

const ORDER = {
  newest: [desc(users.createdAt), desc(users.id)],
  oldest: [asc(users.createdAt), asc(users.id)],
  name: [asc(users.fullName), asc(users.id)],
  username: [sql`lower(${users.username})`, asc(users.id)],
} as const;

const memberColumns = (now: Date) => ({
  id: users.id,
  username: users.username,
  email: users.email,
  fullName: users.fullName,
  role: users.role,
  roles: users.roles,
  emailVerified: users.emailVerified,
  avatarUrl: users.avatarUrl,
  lastSeenAt: users.lastSeenAt,
  deletedAt: users.deletedAt,
  createdAt: users.createdAt,
  suspended: suspendedAt(now),
});

export const adminMembersRepo = {
  async page(db: DbOrTx, f: MemberFilter, now: Date, limit: number, offset: number) {
    const w = where(f, now);
    const rows = await db
      .select(memberColumns(now))
      .from(users)
      .where(w)
      .orderBy(...ORDER[f.sort])
      .limit(limit)
      .offset(offset);
    const [total] = await db.select({ n: count() }).from(users).where(w);
    return { rows, total: total?.n ?? 0 };
  },

  async one(db: DbOrTx, id: string, now: Date) {
    const [row] = await db.select(memberColumns(now)).from(users).where(eq(users.id, id)).limit(1);
    return row;
  },

  history(db: DbOrTx, userId: string) {
    return db
      .select()
      .from(suspensions)
      .where(eq(suspensions.userId, userId))
      .orderBy(desc(suspensions.createdAt))
      .limit(50);
  },

  async liveSessions(db: DbOrTx, userId: string, now: Date): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)));
    return row?.n ?? 0;
  },

  /** Records a suspension's lift at its end, unless it was lifted already or does not end by `now`; answers the ids lifted. */
  liftEnded(db: DbOrTx, suspensionId: string, now: Date) {
    return db
      .update(suspensions)
      .set({ liftedAt: now })
      .where(and(eq(suspensions.id, suspensionId), isNull(suspensions.liftedAt), lte(suspensions.endsAt, now)))
      .returning({ id: suspensions.id });
  },

  async reportsAbout(db: DbOrTx, userId: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(reports)
      .where(and(eq(reports.kind, 'member'), eq(reports.targetId, userId)));
    return row?.n ?? 0;
  },
};
