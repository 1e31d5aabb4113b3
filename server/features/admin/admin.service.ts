import type { Db, DbOrTx } from '../../db/client';
import { transaction } from '../../db/transaction';
import type { QueueService } from '../../queue/queue.service';
import type { RealtimeService } from '../../realtime/realtime.service';
import type { TUser } from '../../../shared/accounts/accounts.schemas';
import type { TBroadcastCreated, TBroadcastInput, TBroadcastList } from '../../../shared/notifications/broadcasts.schemas';
import type { AccountsService } from '../accounts/accounts.service';
import type { AuthService } from '../auth/auth.service';
import type { SecurityService } from '../auth/security.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { createAdminAudit } from './admin-audit';
import { createAdminMembers } from './admin-members.service';
import { createAppeals } from './admin-appeals';
import { createAdminInvitations } from './admin-invitations';
import { createAdminTwoFactor } from './admin-two-factor';
import { adminRepo, type AuditValues } from './admin.repo';

export interface AdminDeps {
  db: Db;
  notifications: NotificationsService;
  accounts: AccountsService;
  auth: AuthService;
  security: SecurityService;
  realtime: RealtimeService;
  jobs: QueueService;
  now: () => Date;
  appUrl: string;
}

/** Admin actions; each one that changes something leaves one row in the audit log. */
export function createAdminService(deps: AdminDeps) {
  const { db, notifications } = deps;
  const record = (tx: DbOrTx, v: AuditValues) => adminRepo.recordAudit(tx, v);
  return {
    /** The broadcast, its first page's job and its audit row commit together or not at all. */
    broadcast: (admin: TUser, input: TBroadcastInput): Promise<TBroadcastCreated> =>
      transaction(db, async (tx) => {
        const { id, recipients, type, roles } = await notifications.broadcast(admin.id, input, tx);
        // The target in words a reader of the log needs: everyone, or the roles.
        const sent = { type, target: roles.length ? roles : 'all', title: input.title, recipients };
        await record(tx, { actorId: admin.id, action: 'broadcast.sent', targetType: 'broadcast', targetId: id, after: sent, details: sent });
        return { id, recipients };
      }),

    /**
     * Records another feature's admin action, in that feature's transaction when it gives one.
     * `target` reads "type:id" (course:<id>); `details` is what the action set.
     */
    audit: (entry: { adminId: string; action: string; target: string | null; details: Record<string, unknown>; reason?: string | null }, tx: DbOrTx = db) => {
      const [type, ...id] = (entry.target ?? '').split(':');
      return record(tx, {
        actorId: entry.adminId,
        action: entry.action,
        targetType: type || null,
        targetId: id.join(':') || null,
        after: entry.details,
        details: entry.details,
        reason: entry.reason ?? (typeof entry.details.reason === 'string' ? entry.details.reason : typeof entry.details.note === 'string' ? entry.details.note : null),
      });
    },

    /** The console's form: actor, action, target, before, after, reason. */
    record: (v: AuditValues, tx: DbOrTx = db) => record(tx, v),

    broadcasts: (admin: TUser, page: number): Promise<TBroadcastList> => notifications.listBroadcasts(page, { id: admin.id, role: admin.role }, deps.now()),

    log: createAdminAudit(db),
    members: createAdminMembers({ ...deps, audit: record }),
    invitations: createAdminInvitations({ db, accounts: deps.accounts, auth: deps.auth, appUrl: deps.appUrl, audit: record }),
    twoFactor: createAdminTwoFactor({ db, auth: deps.auth, audit: record }),
    appeals: createAppeals({ db, accounts: deps.accounts, notifications, realtime: deps.realtime, now: deps.now }),
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
