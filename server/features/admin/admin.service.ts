import type { Db, DbOrTx } from '#server/db/client';
import type { Audit, AuditValues } from '#server/lib/audit/audit';
import { transaction } from '#server/db/transaction';
import type { QueueService } from '#server/queue/queue.service';
import type { RealtimeService } from '#server/realtime/realtime.service';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type { TBroadcastCreated, TBroadcastInput, TBroadcastList } from '#shared/notifications/broadcasts.schemas';
import type { AccountsService } from '../accounts';
import type { AuthService } from '../auth';
import type { SecurityService } from '../auth';
import type { NotificationsService } from '../notifications';
import { createAdminAudit } from './admin-audit';
import { createAdminMembers } from './admin-members.service';
import { createAppeals } from './admin-appeals';
import { createAdminInvitations } from './admin-invitations';
import { createAdminTwoFactor } from './admin-two-factor';

export interface AdminDeps {
  db: Db;
  notifications: NotificationsService;
  accounts: AccountsService;
  auth: AuthService;
  security: SecurityService;
  realtime: RealtimeService;
  jobs: QueueService;
  audit: Audit;
  now: () => Date;
  appUrl: string;
}

/** Admin actions; each one that changes something leaves one row in the audit log. */
export function createAdminService(deps: AdminDeps) {
  const { db, notifications } = deps;
  const record = (tx: DbOrTx, v: AuditValues) => deps.audit.record(v, tx);
  return {
    /** The broadcast, its first page's job and its audit row commit together or not at all. */
    broadcast: (admin: TUser, input: TBroadcastInput): Promise<TBroadcastCreated> =>
      transaction(db, async (tx) => {
        const { id, recipients, type, roles } = await notifications.broadcast(admin.id, input, tx);
        // The target in words a reader of the log needs: everyone, or the roles.
        const sent = { type, target: roles.length ? roles : 'all', title: input.title, recipients };
        await record(tx, {
          actorId: admin.id,
          action: 'broadcast.sent',
          targetType: 'broadcast',
          targetId: id,
          after: sent,
          details: sent,
        });
        return { id, recipients };
      }),

    broadcasts: (admin: TUser, page: number): Promise<TBroadcastList> =>
      notifications.listBroadcasts(page, { id: admin.id, role: admin.role }, deps.now()),

    log: createAdminAudit(db),
    members: createAdminMembers({ ...deps, audit: record }),
    invitations: createAdminInvitations({
      db,
      accounts: deps.accounts,
      auth: deps.auth,
      appUrl: deps.appUrl,
      audit: record,
    }),
    twoFactor: createAdminTwoFactor({ db, auth: deps.auth, security: deps.security, audit: record }),
    appeals: createAppeals({ db, accounts: deps.accounts, notifications, realtime: deps.realtime, now: deps.now }),
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
