import type { Db, DbOrTx } from '#server/db/client';
import { afterCommit, transaction } from '#server/db/transaction';
import type { QueueService } from '#server/queue/queue.service';
import { AppError } from '#server/lib/errors';
import type { RealtimeService } from '#server/realtime/realtime.service';
import type { TUser } from '#shared/accounts/accounts.schemas';
import {
  ADMIN_PAGE_SIZE,
  type TAdminMemberDetail,
  type TAdminUser,
  type TAdminUserList,
  type TRolesInput,
  type TSuspendInput,
} from '#shared/admin/admin.schemas';
import { formatDateTime } from '#shared/time-label';
import { RESTRICTION_LABELS, type TRole } from '#shared/roles';
import type { AccountsService } from '../accounts';
import type { SuspensionRow } from '../accounts';
import type { AuthService } from '../auth';
import type { SecurityService } from '../auth';
import type { NotificationsService } from '../notifications';
import { adminMembersRepo, type MemberFilter } from './admin-members.repo';
import type { AuditValues } from '#server/lib/audit/audit';
import { liftSuspensionJob } from './admin.queue';
import { presentAudit } from './admin-audit';
import { adminRepo } from './admin.repo';

/** One figure of a member's activity, registered by the area that knows it (courses, payments...). */
export interface MemberActivity {
  label: string;
  count(userId: string, tx: DbOrTx): Promise<number>;
}

const day = (s: string) => new Date(`${s}T00:00:00.000Z`);
const nextDay = (s: string) => new Date(day(s).getTime() + 86_400_000);

const presentSuspension = (s: SuspensionRow) => ({
  id: s.id,
  reason: s.reason,
  restrictions: s.restrictions,
  endsAt: s.endsAt?.toISOString() ?? null,
  liftedAt: s.liftedAt?.toISOString() ?? null,
  createdAt: s.createdAt.toISOString(),
  createdBy: s.createdBy,
  liftedBy: s.liftedBy,
});
const suspensionState = (s: SuspensionRow | undefined) =>
  s ? { reason: s.reason, restrictions: s.restrictions, endsAt: s.endsAt?.toISOString() ?? null } : null;

type MemberRow = NonNullable<Awaited<ReturnType<typeof adminMembersRepo.one>>>;
const presentMember = (r: MemberRow): TAdminUser => ({
  id: r.id,
  username: r.username,
  email: r.email,
  fullName: r.fullName,
  role: r.role,
  roles: r.roles,
  suspended: Boolean(r.suspended),
  emailVerified: r.emailVerified,
  deleted: r.deletedAt !== null,
  createdAt: r.createdAt.toISOString(),
});

export interface AdminMembersDeps {
  db: Db;
  accounts: AccountsService;
  auth: AuthService;
  security: SecurityService;
  notifications: NotificationsService;
  realtime: RealtimeService;
  jobs: QueueService;
  now: () => Date;
  audit: (tx: DbOrTx, v: AuditValues) => Promise<void>;
}

/** The console's member actions (issue 16, Members): each writes one audit entry and tells the member. */
export function createAdminMembers(deps: AdminMembersDeps) {
  const { db, accounts, auth, security, notifications, realtime, jobs, now, audit } = deps;
  const activities: MemberActivity[] = [];

  async function target(id: string, tx: DbOrTx = db): Promise<MemberRow> {
    const row = await adminMembersRepo.one(tx, id, now());
    if (!row) throw new AppError('NOT_FOUND', 'Member not found.');
    return row;
  }
  /** Admins are not moderated from the console, nor is a deleted account. */
  function assertModeratable(row: MemberRow) {
    if (row.deletedAt) throw new AppError('CONFLICT', 'This account has been deleted.');
    if (row.roles.includes('admin'))
      throw new AppError('CONFLICT', 'Admins cannot be suspended or have their roles changed here.');
  }
  /**
   * The member's open app re-reads who they are (and so lands on /suspended, or leaves it), and
   * their sockets leave at once the rooms the change closes to them, on every process.
   */
  const refreshMember = (tx: DbOrTx, userId: string) =>
    afterCommit(tx, () => {
      realtime.emitToUser(userId, 'data:updated', { queryKeys: [['user']] });
      void realtime.rooms.recheck(userId);
    });

  return {
    addActivity(activity: MemberActivity): void {
      activities.push(activity);
    },

    async list(
      q: MemberFilter & { page: number; joinedFromDay?: string; joinedToDay?: string },
    ): Promise<TAdminUserList> {
      const { rows, total } = await adminMembersRepo.page(
        db,
        q,
        now(),
        ADMIN_PAGE_SIZE,
        (q.page - 1) * ADMIN_PAGE_SIZE,
      );
      return { users: rows.map(presentMember), total, page: q.page, pageSize: ADMIN_PAGE_SIZE };
    },
    parseDays: (from?: string, to?: string) => ({
      joinedFrom: from ? day(from) : undefined,
      joinedTo: to ? nextDay(to) : undefined,
    }),

    async detail(id: string): Promise<TAdminMemberDetail> {
      const row = await target(id);
      const [history, sessions, reportsAbout, activity, actions] = await Promise.all([
        adminMembersRepo.history(db, id),
        adminMembersRepo.liveSessions(db, id, now()),
        adminMembersRepo.reportsAbout(db, id),
        Promise.all(activities.map(async (a) => ({ label: a.label, value: await a.count(id, db) }))),
        adminRepo.auditPage(db, { targetType: 'user', targetId: id }, 50, 0),
      ]);
      const current = await accounts.suspensionOf(id);
      const admins = history.flatMap((s) => [s.createdBy, s.liftedBy]).filter((x): x is string => Boolean(x));
      const names = await adminMembersRepo.namesOf(db, [...new Set(admins)]);
      return {
        user: { ...presentMember(row), avatarUrl: row.avatarUrl, lastSeenAt: row.lastSeenAt?.toISOString() ?? null },
        suspension: current ? presentSuspension(current) : null,
        suspensions: history.map((s) => ({
          ...presentSuspension(s),
          createdByName: s.createdBy ? (names.get(s.createdBy) ?? null) : null,
          liftedByName: s.liftedBy ? (names.get(s.liftedBy) ?? null) : null,
        })),
        sessions,
        activity,
        reportsAbout,
        actions: actions.rows.map(presentAudit),
      };
    },

    async suspend(admin: TUser, id: string, input: TSuspendInput): Promise<TUser> {
      const endsAt = input.endsAt ? new Date(input.endsAt) : null;
      if (endsAt && endsAt <= now())
        throw new AppError('VALIDATION_FAILED', 'The end must be in the future.', {
          endsAt: 'The end must be in the future',
        });
      return transaction(db, async (tx) => {
        const row = await target(id, tx);
        assertModeratable(row);
        const before = suspensionState(await accounts.suspensionOf(id, tx));
        const user = await accounts.suspend(
          id,
          { reason: input.reason, restrictions: input.restrictions, endsAt, by: admin.id },
          tx,
        );
        const created = (await accounts.suspensionOf(id, tx))!;
        if (endsAt)
          await jobs.send(tx, liftSuspensionJob, { suspensionId: created.id, userId: id }, { startAfter: endsAt });
        await audit(tx, {
          actorId: admin.id,
          action: 'member.suspend',
          targetType: 'user',
          targetId: id,
          before,
          after: suspensionState(created),
          reason: input.reason,
        });
        const areas = input.restrictions.map((r) => RESTRICTION_LABELS[r]).join('; ');
        await notifications.notify(
          id,
          {
            type: 'system_update',
            title: 'Your account has been suspended',
            message:
              `Reason: ${input.reason}. Restricted: ${areas}.${endsAt ? ` Until ${formatDateTime(endsAt, user.timeZone)}.` : ''} You can appeal from the suspension page.`.slice(
                0,
                2000,
              ),
            link: '/suspended',
          },
          tx,
          { emailCopy: true },
        );
        refreshMember(tx, id);
        return user;
      });
    },

    async unsuspend(admin: TUser, id: string, reason?: string): Promise<TUser> {
      return transaction(db, async (tx) => {
        const row = await target(id, tx);
        const before = await accounts.suspensionOf(id, tx);
        if (!before) throw new AppError('CONFLICT', 'This member is not suspended.');
        await accounts.lift(id, tx, admin.id);
        await audit(tx, {
          actorId: admin.id,
          action: 'member.unsuspend',
          targetType: 'user',
          targetId: id,
          before: suspensionState(before),
          after: null,
          reason: reason ?? null,
        });
        await notifications.notify(
          id,
          {
            type: 'system_update',
            title: 'Your suspension has been lifted',
            message: 'Your account is fully open again.',
            link: '/',
          },
          tx,
          { emailCopy: true },
        );
        refreshMember(tx, id);
        const account = (await accounts.findById(row.id, tx))!;
        return accounts.present(account, tx);
      });
    },

    /** Run by the lift job at a suspension's end: records the lift once, if still that suspension. */
    async liftExpired(userId: string, suspensionId: string): Promise<void> {
      await transaction(db, async (tx) => {
        if (!(await accounts.liftEnded(suspensionId, tx))) return;
        await notifications.notify(
          userId,
          {
            type: 'system_update',
            title: 'Your suspension has ended',
            message: 'Your account is fully open again.',
            link: '/',
          },
          tx,
        );
        refreshMember(tx, userId);
      });
    },

    async setRoles(admin: TUser, id: string, input: TRolesInput): Promise<TAdminUser> {
      const roles = [...new Set(input.roles)] as TRole[];
      return transaction(db, async (tx) => {
        const row = await target(id, tx);
        assertModeratable(row);
        const before = { role: row.role, roles: row.roles };
        const updated = await accounts.setRoles(id, roles, tx);
        if (!updated) throw new AppError('NOT_FOUND', 'Member not found.');
        const after = { role: updated.role, roles: updated.roles };
        await audit(tx, {
          actorId: admin.id,
          action: 'member.roles',
          targetType: 'user',
          targetId: id,
          before,
          after,
          reason: input.reason ?? null,
        });
        await notifications.notify(
          id,
          {
            type: 'system_update',
            title: 'Your roles have changed',
            message: `An administrator set your roles to: ${roles.join(', ')}.`,
            link: '/profile',
          },
          tx,
        );
        refreshMember(tx, id);
        return presentMember((await target(id, tx))!);
      });
    },

    async revokeSessions(admin: TUser, id: string, reason?: string): Promise<{ ended: number }> {
      return transaction(db, async (tx) => {
        const row = await target(id, tx);
        if (row.roles.includes('admin') && row.id !== admin.id)
          throw new AppError('CONFLICT', "Another admin's sessions cannot be ended here.");
        const ended = await security.endAllSessions(id, tx);
        await audit(tx, {
          actorId: admin.id,
          action: 'member.revoke_sessions',
          targetType: 'user',
          targetId: id,
          before: { sessions: ended },
          after: { sessions: 0 },
          reason: reason ?? null,
        });
        return { ended };
      });
    },

    async resendVerification(admin: TUser, id: string): Promise<{ message: string }> {
      return transaction(db, async (tx) => {
        const row = await target(id, tx);
        if (row.deletedAt) throw new AppError('CONFLICT', 'This account has been deleted.');
        if (row.emailVerified) throw new AppError('CONFLICT', 'This member has already verified their email.');
        await auth.sendLinkMail(tx, id, 'verify_email');
        await audit(tx, {
          actorId: admin.id,
          action: 'member.resend_verification',
          targetType: 'user',
          targetId: id,
          before: null,
          after: null,
          reason: null,
        });
        return { message: `A new verification link is on its way to ${row.email}.` };
      });
    },
  };
}

export type AdminMembers = ReturnType<typeof createAdminMembers>;
