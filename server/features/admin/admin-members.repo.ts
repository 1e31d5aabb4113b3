import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import type { TRole } from '#shared/roles';
import type { TMemberStatus } from '#shared/admin/admin.schemas';
import { accountRecords, suspendedAt, suspensionRecords } from '../accounts';
import { sessionRecords } from '../auth';
import { reportTargets } from '../reports';

/**
 * The console's view of members. Admins see every account, hidden and deleted ones included, so
 * this reads accounts' records rather than people() and the person display rule (decision 027).
 */
export interface MemberFilter {
  q?: string;
  role?: TRole;
  status?: TMemberStatus;
  joinedFrom?: Date;
  joinedTo?: Date;
  sort: 'newest' | 'oldest' | 'name' | 'username';
}

const member = accountRecords('member');

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function where(f: MemberFilter, now: Date): SQL | undefined {
  const like = f.q ? `%${escapeLike(f.q)}%` : undefined;
  const suspended = suspendedAt(member.id, now);
  return and(
    // Accents folded on both sides ("olamide" finds "Ọlámídé"), in the one expression of the
    // trigram index users_search_folded_trgm_idx (migration 0029, decision 056).
    like
      ? sql`immutable_unaccent(lower(${member.username} || ' ' || ${member.email} || ' ' || ${member.fullName})) like immutable_unaccent(lower(${like}))`
      : undefined,
    f.role ? sql`${member.roles} @> array[${f.role}::text]` : undefined,
    f.joinedFrom ? gte(member.createdAt, f.joinedFrom) : undefined,
    f.joinedTo ? lt(member.createdAt, f.joinedTo) : undefined,
    f.status === 'deleted' ? isNotNull(member.deletedAt) : undefined,
    f.status === 'suspended' ? and(isNull(member.deletedAt), suspended) : undefined,
    f.status === 'unverified' ? and(isNull(member.deletedAt), eq(member.emailVerified, false)) : undefined,
    f.status === 'active'
      ? and(isNull(member.deletedAt), eq(member.emailVerified, true), sql`not ${suspended}`)
      : undefined,
  );
}

const ORDER = {
  newest: [desc(member.createdAt), desc(member.id)],
  oldest: [asc(member.createdAt), asc(member.id)],
  name: [asc(member.fullName), asc(member.id)],
  username: [sql`lower(${member.username})`, asc(member.id)],
} as const;

const memberColumns = (now: Date) => ({
  id: member.id,
  username: member.username,
  email: member.email,
  fullName: member.fullName,
  role: member.role,
  roles: member.roles,
  emailVerified: member.emailVerified,
  avatarUrl: member.avatarUrl,
  lastSeenAt: member.lastSeenAt,
  deletedAt: member.deletedAt,
  createdAt: member.createdAt,
  suspended: suspendedAt(member.id, now),
});

export const adminMembersRepo = {
  async page(db: DbOrTx, f: MemberFilter, now: Date, limit: number, offset: number) {
    const w = where(f, now);
    const rows = await db
      .select(memberColumns(now))
      .from(member)
      .where(w)
      .orderBy(...ORDER[f.sort])
      .limit(limit)
      .offset(offset);
    const [total] = await db.select({ n: count() }).from(member).where(w);
    return { rows, total: total?.n ?? 0 };
  },

  async one(db: DbOrTx, id: string, now: Date) {
    const [row] = await db.select(memberColumns(now)).from(member).where(eq(member.id, id)).limit(1);
    return row;
  },

  /** The names of the admins who set and lifted suspensions (admins are not hidden from one another). */
  async namesOf(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const account = accountRecords('account');
    const rows = await db
      .select({ id: account.id, fullName: account.fullName })
      .from(account)
      .where(inArray(account.id, ids));
    return new Map(rows.map((r) => [r.id, r.fullName]));
  },

  history(db: DbOrTx, userId: string) {
    const suspension = suspensionRecords('suspension');
    return db
      .select()
      .from(suspension)
      .where(eq(suspension.userId, userId))
      .orderBy(desc(suspension.createdAt))
      .limit(50);
  },

  async liveSessions(db: DbOrTx, userId: string, now: Date): Promise<number> {
    const session = sessionRecords('session');
    const [row] = await db
      .select({ n: count() })
      .from(session)
      .where(and(eq(session.userId, userId), gt(session.expiresAt, now)));
    return row?.n ?? 0;
  },

  async reportsAbout(db: DbOrTx, userId: string): Promise<number> {
    const report = reportTargets('report');
    const [row] = await db
      .select({ n: count() })
      .from(report)
      .where(and(eq(report.kind, 'member'), eq(report.targetId, userId)));
    return row?.n ?? 0;
  },
};
