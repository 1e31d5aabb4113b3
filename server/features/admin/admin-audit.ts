import type { Db } from '#server/db/client';
import { csvRow } from '#server/lib/csv';
import { ADMIN_PAGE_SIZE, type TAuditEntry, type TAuditList, type TAuditQuery } from '#shared/admin/admin.schemas';
import { adminRepo, type AuditFilter, type AuditRow } from './admin.repo';

/** An entry as the console shows it; entries from before the console carry only `target` ("type:id") and details. */
export function presentAudit(r: AuditRow): TAuditEntry {
  const [legacyType, ...legacyId] = (r.target ?? '').split(':');
  return {
    id: r.id,
    actorId: r.actorId,
    actorName: r.actorName,
    action: r.action,
    subjectId: r.subjectId ?? null,
    subjectName: r.subjectName ?? null,
    targetType: r.targetType ?? (legacyType || null),
    targetId: r.targetId ?? (legacyId.join(':') || null),
    before: r.before ?? null,
    after: r.after ?? (r.targetType === null && Object.keys(r.details ?? {}).length ? r.details : null),
    reason: r.reason,
    createdAt: r.createdAt.toISOString(),
  };
}

function filterOf(q: Omit<TAuditQuery, 'page'>): AuditFilter {
  return {
    actorId: q.actorId,
    action: q.action || undefined,
    targetType: q.targetType || undefined,
    targetId: q.targetId || undefined,
    from: q.from ? new Date(`${q.from}T00:00:00.000Z`) : undefined,
    to: q.to ? new Date(new Date(`${q.to}T00:00:00.000Z`).getTime() + 86_400_000) : undefined,
  };
}

const CSV_COLUMNS = [
  'id',
  'createdAt',
  'actorId',
  'actorName',
  'action',
  'targetType',
  'targetId',
  'reason',
  'before',
  'after',
] as const;

export function createAdminAudit(db: Db) {
  return {
    async list(q: TAuditQuery & { page: number }): Promise<TAuditList> {
      const { rows, total } = await adminRepo.auditPage(
        db,
        filterOf(q),
        ADMIN_PAGE_SIZE,
        (q.page - 1) * ADMIN_PAGE_SIZE,
      );
      return { entries: rows.map(presentAudit), total, page: q.page, pageSize: ADMIN_PAGE_SIZE };
    },

    /** The whole filtered log as CSV, oldest first, read in batches. */
    async *csv(q: Omit<TAuditQuery, 'page'>): AsyncGenerator<string> {
      yield `${CSV_COLUMNS.join(',')}\r\n`;
      for await (const rows of adminRepo.auditAll(db, filterOf(q))) {
        yield rows
          .map(presentAudit)
          .map((e) => csvRow(CSV_COLUMNS.map((c) => e[c])))
          .join('');
      }
    },
  };
}

export type AdminAudit = ReturnType<typeof createAdminAudit>;
