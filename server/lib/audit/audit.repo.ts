import { eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { adminAuditLog } from './audit.table';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A JSON value with its ids, numbers and booleans kept and every other string dropped (erasure, decision 050). */
export function idsOnly(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(idsOnly).filter((v) => v !== undefined);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .map(([k, v]) => [k, idsOnly(v)] as const)
        .filter(([, v]) => v !== undefined),
    );
  if (typeof value === 'string') return UUID.test(value) ? value : undefined;
  return value;
}

const escapeLike = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface AuditValues {
  actorId: string;
  action: string;
  targetType: string | null;
  targetId: string | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
  details?: Record<string, unknown>;
}

/** Insert only, but for erasure: the audit log is never otherwise edited or deleted (see audit.table.ts). */
export const auditRepo = {
  async record(db: DbOrTx, v: AuditValues): Promise<void> {
    await db.insert(adminAuditLog).values({
      adminId: v.actorId,
      action: v.action,
      target: v.targetType && v.targetId ? `${v.targetType}:${v.targetId}` : (v.targetType ?? null),
      targetType: v.targetType,
      targetId: v.targetId,
      before: v.before ?? null,
      after: v.after ?? null,
      reason: v.reason ?? null,
      details: v.details ?? {},
    });
  },
  /**
   * Erasure (decision 050): the lines about the member, or naming them, keep who did what to which
   * id and when; their values keep ids only, and the reason loses the member's name, username and
   * address. The trigger allows exactly this while `app.erasure` is on in the transaction.
   */
  async eraseMember(db: DbOrTx, person: { id: string; username: string; email: string; fullName: string }) {
    // Longest first: the address holds the username.
    const names = [person.email, person.fullName, person.username]
      .filter((n) => n.length > 0)
      .sort((a, b) => b.length - a.length);
    const rows = await db
      .select()
      .from(adminAuditLog)
      .where(
        or(
          eq(adminAuditLog.targetId, person.id),
          ...[person.id, ...names].map(
            (n) =>
              sql`concat_ws(' ', ${adminAuditLog.details}::text, ${adminAuditLog.before}::text, ${adminAuditLog.after}::text, ${adminAuditLog.reason}) ilike ${escapeLike(n)}`,
          ),
        ),
      );
    if (rows.length === 0) return 0;
    await db.execute(sql`select set_config('app.erasure', 'on', true)`);
    for (const row of rows) {
      const reason = names.reduce<string | null>(
        (text, n) => (text === null ? null : text.split(n).join('Former member')),
        row.reason,
      );
      await db
        .update(adminAuditLog)
        .set({
          details: idsOnly(row.details) as Record<string, unknown>,
          before: row.before === null ? null : idsOnly(row.before),
          after: row.after === null ? null : idsOnly(row.after),
          reason,
        })
        .where(eq(adminAuditLog.id, row.id));
    }
    await db.execute(sql`select set_config('app.erasure', 'off', true)`);
    return rows.length;
  },
};
