import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { afterCommit } from '../../db/transaction';
import { AppError } from '../../lib/errors';
import type { RealtimeService } from '../../realtime/realtime.service';
import type { TUser } from '../../../shared/accounts/accounts.schemas';
import type { TAppeal } from '../../../shared/admin/admin.schemas';
import type { AccountsService } from '../accounts/accounts.service';
import { suspensions, users } from '../accounts/accounts.table';
import type { NotificationsService } from '../notifications/notifications.service';
import type { AdminQueue } from './admin-queues';
import { suspensionAppeals } from './admin.table';

type AppealRow = typeof suspensionAppeals.$inferSelect;
const present = (r: AppealRow): TAppeal => ({ id: r.id, status: r.status, message: r.message, decisionNote: r.decisionNote, createdAt: r.createdAt.toISOString() });

/** Appeals against a suspension: the form on /suspended, and the admins' "appeals" queue. */
export function createAppeals(deps: { db: Db; accounts: AccountsService; notifications: NotificationsService; realtime: RealtimeService; now: () => Date }) {
  const { db, accounts, notifications, realtime, now } = deps;

  async function current(member: TUser) {
    const suspension = await accounts.suspensionOf(member.id);
    if (!suspension) return undefined;
    const [row] = await db
      .select()
      .from(suspensionAppeals)
      .where(and(eq(suspensionAppeals.userId, member.id), eq(suspensionAppeals.suspensionId, suspension.id)))
      .orderBy(desc(suspensionAppeals.createdAt))
      .limit(1);
    return { suspension, appeal: row };
  }

  const queue: AdminQueue = {
    kind: 'appeals',
    label: 'Appeals',
    async count(tx) {
      const [row] = await tx.select({ n: count() }).from(suspensionAppeals).where(eq(suspensionAppeals.status, 'open'));
      return row?.n ?? 0;
    },
    async list(tx, page) {
      const rows = await tx
        .select({ appeal: suspensionAppeals, suspension: suspensions, username: users.username, fullName: users.fullName })
        .from(suspensionAppeals)
        .innerJoin(suspensions, eq(suspensions.id, suspensionAppeals.suspensionId))
        .innerJoin(users, eq(users.id, suspensionAppeals.userId))
        .where(eq(suspensionAppeals.status, 'open'))
        .orderBy(asc(suspensionAppeals.createdAt), asc(suspensionAppeals.id))
        .limit(page.limit)
        .offset(page.offset);
      return rows.map((r) => ({
        id: r.appeal.id,
        title: `Appeal from ${r.fullName} (@${r.username})`,
        summary: r.appeal.message,
        createdAt: r.appeal.createdAt.toISOString(),
        link: `/admin/dashboard/members/${r.appeal.userId}`,
        subjectUserId: r.appeal.userId,
        evidence: {
          suspension: { reason: r.suspension.reason, restrictions: r.suspension.restrictions, endsAt: r.suspension.endsAt?.toISOString() ?? null, createdAt: r.suspension.createdAt.toISOString() },
        },
      }));
    },
    actions: ['grant', 'deny'],
    async act(_admin, itemId, input, tx) {
      const status = input.action === 'grant' ? 'granted' : 'denied';
      const [row] = await tx
        .update(suspensionAppeals)
        .set({ status, decidedBy: _admin.id, decidedAt: now(), decisionNote: input.note ?? null })
        .where(and(eq(suspensionAppeals.id, itemId), eq(suspensionAppeals.status, 'open')))
        .returning();
      if (!row) throw new AppError('CONFLICT', 'This appeal has already been decided.');
      if (status === 'granted') await accounts.lift(row.userId, tx);
      await notifications.notify(
        row.userId,
        status === 'granted'
          ? { type: 'system_update', title: 'Your appeal was granted', message: `Your suspension has been lifted.${input.note ? ` ${input.note}` : ''}`, link: '/' }
          : { type: 'system_update', title: 'Your appeal was not granted', message: input.note || 'The suspension stays in place.', link: '/suspended' },
        tx,
        { emailCopy: true },
      );
      afterCommit(tx, () => realtime.emitToUser(row.userId, 'data:updated', { queryKeys: [['user'], ['/api/appeals']] }));
      return {
        status,
        audit: { action: `appeal.${input.action}`, targetType: 'appeal', targetId: itemId, before: { status: 'open' }, after: { status, userId: row.userId }, reason: input.note ?? null },
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
      if (found.appeal) throw new AppError('CONFLICT', found.appeal.status === 'open' ? 'Your appeal is already with the team.' : 'This suspension has already been reviewed on appeal.');
      try {
        const [row] = await tx.insert(suspensionAppeals).values({ userId: member.id, suspensionId: found.suspension.id, message }).returning();
        return present(row!);
      } catch (err) {
        if ((err as { code?: string; cause?: { code?: string } }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505') {
          throw new AppError('CONFLICT', 'Your appeal is already with the team.');
        }
        throw err;
      }
    },
  };
}
