import type { DbOrTx } from '#server/db/client';
import { adminAuditLog } from './audit.table';

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

/** Insert only: the audit log is never edited or deleted (see audit.table.ts). */
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
};
