import type { Db, DbOrTx } from '#server/db/client';
import { auditRepo, type AuditValues } from './audit.repo';

export type { AuditValues } from './audit.repo';

/** An admin action as an area words it: `target` reads "type:id" (course:<id>); `details` is what it set. */
export interface AuditAction {
  adminId: string;
  action: string;
  target: string | null;
  details: Record<string, unknown>;
  reason?: string | null;
}

/**
 * The audit log as a platform service: any area records an admin's action in its own transaction
 * (so the line exists exactly when the change does), without depending on the admin area, which
 * only reads the log.
 */
export function createAudit(db: Db) {
  return {
    /** Erasure: the lines about a member keep ids only (decision 050). */
    eraseMember: (person: Parameters<typeof auditRepo.eraseMember>[1], tx: DbOrTx) => auditRepo.eraseMember(tx, person),

    /** The console's form: actor, action, target, before, after, reason. */
    record: (v: AuditValues, tx: DbOrTx = db) => auditRepo.record(tx, v),

    /** An area's admin action, in that area's transaction when it gives one. */
    action: (entry: AuditAction, tx: DbOrTx = db) => {
      const [type, ...id] = (entry.target ?? '').split(':');
      return auditRepo.record(tx, {
        actorId: entry.adminId,
        action: entry.action,
        targetType: type || null,
        targetId: id.join(':') || null,
        after: entry.details,
        details: entry.details,
        reason:
          entry.reason ??
          (typeof entry.details.reason === 'string'
            ? entry.details.reason
            : typeof entry.details.note === 'string'
              ? entry.details.note
              : null),
      });
    },
  };
}

export type Audit = ReturnType<typeof createAudit>;
