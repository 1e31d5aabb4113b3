import type { Db, DbOrTx } from '../../db/client';
import { transaction } from '../../db/transaction';
import type { TUser } from '../../../shared/accounts/accounts.schemas';
import type { TBroadcast, TBroadcastCreated, TBroadcastInput } from '../../../shared/notifications/broadcasts.schemas';
import type { NotificationsService } from '../notifications/notifications.service';
import { adminRepo } from './admin.repo';

const RECENT_BROADCASTS = 50;

/** Admin actions; each one that changes something leaves a row in the audit log. */
export function createAdminService(deps: { db: Db; notifications: NotificationsService }) {
  const { db, notifications } = deps;
  return {
    /** The broadcast, its first page's job and its audit row commit together or not at all. */
    broadcast: (admin: TUser, input: TBroadcastInput): Promise<TBroadcastCreated> =>
      transaction(db, async (tx) => {
        const result = await notifications.broadcast(admin.id, input, tx);
        await adminRepo.recordAudit(tx, {
          adminId: admin.id,
          action: 'broadcast.sent',
          target: `broadcast:${result.id}`,
          details: { audience: input.audience, title: input.title, recipients: result.recipients },
        });
        return result;
      }),

    /** Records another feature's admin action, in that feature's transaction when it gives one. */
    audit: (entry: { adminId: string; action: string; target: string | null; details: Record<string, unknown> }, tx: DbOrTx = db) =>
      adminRepo.recordAudit(tx, entry),

    recentBroadcasts: (): Promise<TBroadcast[]> => notifications.listBroadcasts(RECENT_BROADCASTS),
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
