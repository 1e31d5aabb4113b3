import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { adminConfirmations, adminQueueClaims, suspensionAppeals } from './admin.table';

/**
 * The admin console's part of the privacy rights (decision 020): a member's appeals are theirs
 * to download and go with the account. The audit log is the platform's record and stays; it names
 * members by id only, and the id then points at the anonymised account.
 */
export async function exportAppeals(userId: string, tx: DbOrTx) {
  const rows = await tx.select().from(suspensionAppeals).where(eq(suspensionAppeals.userId, userId));
  return rows.map((r) => ({ message: r.message, status: r.status, decisionNote: r.decisionNote, createdAt: r.createdAt.toISOString(), decidedAt: r.decidedAt?.toISOString() ?? null }));
}

export async function eraseAppeals(userId: string, tx: DbOrTx) {
  await tx.delete(suspensionAppeals).where(eq(suspensionAppeals.userId, userId));
  await tx.delete(adminQueueClaims).where(eq(adminQueueClaims.adminId, userId));
  await tx.delete(adminConfirmations).where(eq(adminConfirmations.adminId, userId));
}
