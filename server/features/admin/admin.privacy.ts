import type { DbOrTx } from '#server/db/client';
import { adminAppealsRepo } from './admin-appeals.repo';

/**
 * The admin console's part of the privacy rights (decision 020): a member's appeals are theirs
 * to download and go with the account. The audit log is the platform's record and stays; it names
 * members by id only, and the id then points at the anonymised account.
 */
export async function exportAppeals(userId: string, tx: DbOrTx) {
  const rows = await adminAppealsRepo.ofMember(tx, userId);
  return rows.map((r) => ({
    message: r.message,
    status: r.status,
    decisionNote: r.decisionNote,
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
  }));
}

export const eraseAppeals = (userId: string, tx: DbOrTx) => adminAppealsRepo.eraseMember(tx, userId);
