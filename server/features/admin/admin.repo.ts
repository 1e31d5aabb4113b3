import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { accountRecords } from '../accounts';
import { adminAuditLog } from '#server/lib/audit/audit.table';
import { adminConfirmations } from './admin.table';

export interface AuditFilter {
  actorId?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  from?: Date;
  to?: Date;
}

function auditWhere(f: AuditFilter): SQL | undefined {
  return and(
    f.actorId ? eq(adminAuditLog.adminId, f.actorId) : undefined,
    f.action ? eq(adminAuditLog.action, f.action) : undefined,
    f.targetType ? eq(adminAuditLog.targetType, f.targetType) : undefined,
    f.targetId ? eq(adminAuditLog.targetId, f.targetId) : undefined,
    f.from ? gte(adminAuditLog.createdAt, f.from) : undefined,
    f.to ? lt(adminAuditLog.createdAt, f.to) : undefined,
  );
}

const actor = accountRecords('actor');
const subject = accountRecords('subject');
/**
 * The member an entry is about, for its sentence and link: a user target, or the member an
 * appeal, a report or a mentor's review names in what it set.
 */
const subjectId = sql<string | null>`coalesce(
  case when ${adminAuditLog.targetType} = 'user' then ${adminAuditLog.targetId} end,
  ${adminAuditLog.after}->>'userId', ${adminAuditLog.after}->>'subjectUserId', ${adminAuditLog.after}->>'mentorId')`;
const subjectJoin = sql`${subject.id}::text = ${subjectId}`;
const auditColumns = {
  id: adminAuditLog.id,
  actorId: adminAuditLog.adminId,
  // The actor is an admin, named as staff: admins are not hidden from one another.
  actorName: actor.fullName,
  // Left-joined: null when the entry names no member.
  subjectId: subject.id,
  subjectName: subject.fullName,
  action: adminAuditLog.action,
  target: adminAuditLog.target,
  targetType: adminAuditLog.targetType,
  targetId: adminAuditLog.targetId,
  before: adminAuditLog.before,
  after: adminAuditLog.after,
  reason: adminAuditLog.reason,
  details: adminAuditLog.details,
  createdAt: adminAuditLog.createdAt,
};
export type AuditRow = { [K in keyof typeof auditColumns]: (typeof auditColumns)[K]['_']['data'] };

/** The audit log as the console reads it (written by the platform's audit, lib/audit); and the sessions' password confirmations. */
export const adminRepo = {
  async auditPage(
    db: DbOrTx,
    f: AuditFilter,
    limit: number,
    offset: number,
  ): Promise<{ rows: AuditRow[]; total: number }> {
    const where = auditWhere(f);
    const rows = await db
      .select(auditColumns)
      .from(adminAuditLog)
      .innerJoin(actor, eq(actor.id, adminAuditLog.adminId))
      .leftJoin(subject, subjectJoin)
      .where(where)
      .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
      .limit(limit)
      .offset(offset);
    const [total] = await db.select({ n: count() }).from(adminAuditLog).where(where);
    return { rows: rows as AuditRow[], total: total?.n ?? 0 };
  },

  /** Every entry matching, oldest first, in pages of `batch` (the CSV export streams them). */
  async *auditAll(db: DbOrTx, f: AuditFilter, batch = 500): AsyncGenerator<AuditRow[]> {
    for (let offset = 0; ; offset += batch) {
      const rows = (await db
        .select(auditColumns)
        .from(adminAuditLog)
        .innerJoin(actor, eq(actor.id, adminAuditLog.adminId))
        .leftJoin(subject, subjectJoin)
        .where(auditWhere(f))
        .orderBy(adminAuditLog.createdAt, adminAuditLog.id)
        .limit(batch)
        .offset(offset)) as AuditRow[];
      if (rows.length) yield rows;
      if (rows.length < batch) return;
    }
  },

  /** When this session's admin last typed their password again (see admin-confirm.ts). */
  async confirmation(db: DbOrTx, sessionHash: string) {
    const [row] = await db
      .select()
      .from(adminConfirmations)
      .where(eq(adminConfirmations.sessionHash, sessionHash))
      .limit(1);
    return row;
  },

  async confirm(db: DbOrTx, v: { sessionHash: string; adminId: string; confirmedAt: Date }): Promise<void> {
    await db
      .insert(adminConfirmations)
      .values(v)
      .onConflictDoUpdate({
        target: adminConfirmations.sessionHash,
        set: { confirmedAt: v.confirmedAt, adminId: v.adminId },
      });
  },
};
