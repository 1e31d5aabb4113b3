import type { DbOrTx } from '../../db/client';
import { adminAuditLog } from './admin.table';

/** Insert only: the audit log is never edited or deleted (see admin.table.ts). */
export const adminRepo = {
  async recordAudit(
    db: DbOrTx,
    values: { adminId: string; action: string; target: string | null; details: Record<string, unknown> },
  ): Promise<void> {
    await db.insert(adminAuditLog).values(values);
  },
};
