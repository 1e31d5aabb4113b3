import type { Db, DbOrTx } from '#server/db/client';
import { afterCommit } from '#server/db/transaction';
import { AppError } from '#server/lib/errors';
import type { RealtimeService } from '#server/realtime/realtime.service';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type { TAppeal } from '#shared/admin/admin.schemas';
import type { AccountsService } from '../accounts';
import type { NotificationsService } from '../notifications';
import { adminAppealsRepo, type AppealRow } from './admin-appeals.repo';
import type { AdminQueue } from './admin-queues';

const present = (r: AppealRow): TAppeal => ({
  id: r.id,
  status: r.status,
  message: r.message,
  decisionNote: r.decisionNote,
  createdAt: r.createdAt.toISOString(),
});

/** Appeals against a suspension: the form on /suspended, and the admins' "appeals" queue. */
export function createAppeals(deps: {
  db: Db;
  accounts: AccountsService;
  notifications: NotificationsService;
  realtime: RealtimeService;
  now: () => Date;
}) {
  const { db, accounts, notifications, realtime, now } = deps;

  async function current(member: TUser) {
    const suspension = await accounts.suspensionOf(member.id);
    if (!suspension) return undefined;
    return { suspension, appeal: await adminAppealsRepo.latest(db, member.id, suspension.id) };
  }

  const queue: AdminQueue = {
    kind: 'appeals',
    label: 'Appeals',
    count: (tx) => adminAppealsRepo.countOpen(tx),
    async list(tx, page) {
      const rows = await adminAppealsRepo.openPage(tx, page);
      return rows.map((r) => ({
        id: r.appeal.id,
        title: `Appeal from ${r.fullName} (@${r.username})`,
        summary: r.appeal.message,
        createdAt: r.appeal.createdAt.toISOString(),
        link: `/admin/dashboard/members/${r.appeal.userId}`,
        subjectUserId: r.appeal.userId,
        evidence: {
          suspension: {
            reason: r.suspension.reason,
            restrictions: r.suspension.restrictions,
            endsAt: r.suspension.endsAt?.toISOString() ?? null,
            createdAt: r.suspension.createdAt.toISOString(),
          },
        },
      }));
    },
    actions: ['grant', 'deny'],
    async act(_admin, itemId, input, tx) {
      const status = input.action === 'grant' ? 'granted' : 'denied';
      const row = await adminAppealsRepo.decide(tx, itemId, {
        status,
        decidedBy: _admin.id,
        decidedAt: now(),
        decisionNote: input.note ?? null,
      });
      if (!row) throw new AppError('CONFLICT', 'This appeal has already been decided.');
      if (status === 'granted') await accounts.lift(row.userId, tx, _admin.id);
      await notifications.notify(
        row.userId,
        status === 'granted'
          ? {
              type: 'system_update',
              title: 'Your appeal was granted',
              message: `Your suspension has been lifted.${input.note ? ` ${input.note}` : ''}`,
              link: '/',
            }
          : {
              type: 'system_update',
              title: 'Your appeal was not granted',
              message: input.note || 'The suspension stays in place.',
              link: '/suspended',
            },
        tx,
        { emailCopy: true },
      );
      afterCommit(tx, () =>
        realtime.emitToUser(row.userId, 'data:updated', { queryKeys: [['user'], ['/api/appeals']] }),
      );
      return {
        status,
        audit: {
          action: `appeal.${input.action}`,
          targetType: 'appeal',
          targetId: itemId,
          before: { status: 'open' },
          after: { status, userId: row.userId },
          reason: input.note ?? null,
        },
      };
    },
  };

  return {
    queue,
    async mine(member: TUser): Promise<TAppeal | null> {
      const found = await current(member);
      return found?.appeal ? present(found.appeal) : null;
    },
    async create(member: TUser, message: string, tx: DbOrTx = db): Promise<TAppeal> {
      const found = await current(member);
      if (!found) throw new AppError('CONFLICT', 'Your account is not suspended, so there is nothing to appeal.');
      if (found.appeal)
        throw new AppError(
          'CONFLICT',
          found.appeal.status === 'open'
            ? 'Your appeal is already with the team.'
            : 'This suspension has already been reviewed on appeal.',
        );
      try {
        return present(
          await adminAppealsRepo.insert(tx, { userId: member.id, suspensionId: found.suspension.id, message }),
        );
      } catch (err) {
        if (
          (err as { code?: string; cause?: { code?: string } }).code === '23505' ||
          (err as { cause?: { code?: string } }).cause?.code === '23505'
        ) {
          throw new AppError('CONFLICT', 'Your appeal is already with the team.');
        }
        throw err;
      }
    },
  };
}
