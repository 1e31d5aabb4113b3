import type { Db, DbOrTx } from '../../db/client';
import { afterCommit, transaction } from '../../db/transaction';
import type { JobsService } from '../../jobs/jobs.service';
import { AppError } from '../../lib/errors';
import { sendMailJob } from '../../lib/mail.jobs';
import type { RealtimeService } from '../../realtime/realtime.service';
import {
  EMAIL_ON_BY_DEFAULT,
  NOTIFICATION_TYPES,
  ZNotificationInput,
  type TMarkAllResult,
  type TMarkReadResult,
  type TNotification,
  type TNotificationInput,
  type TNotificationList,
  type TNotificationPreference,
} from '../../../shared/notifications/notifications.schemas';
import type { TBroadcast, TBroadcastCreated, TBroadcastInput } from '../../../shared/notifications/broadcasts.schemas';
import { broadcastMailJob, mailCopiesJob } from './notifications.jobs';
import { notificationMail } from './notifications.mail';
import { notificationsRepo, type PageQuery } from './notifications.repo';
import { notificationEvent, presentBroadcast, presentNotification } from './notifications.presenter';
import type { NotificationRow } from './notifications.table';

/** Members per INSERT ... SELECT of a broadcast: memory and lock time stay those of one batch. */
export const BROADCAST_BATCH = 1_000;
const MAIL_PAGE = 500;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** What other tabs of the same user refetch after a read or mark-all. */
const NOTIFICATION_KEYS = [['/api/notifications'], ['/api/notifications/unread-count']];

export interface NotificationsDeps {
  db: Db;
  realtime: RealtimeService;
  jobs: JobsService;
  appUrl: string;
}

export function createNotificationsService(deps: NotificationsDeps) {
  const { db, realtime, jobs, appUrl } = deps;

  const notFound = () => new AppError('NOT_FOUND', 'Notification not found.');

  /** After commit: each recipient's socket hears of its own row. */
  function announce(rows: NotificationRow[]) {
    for (const row of rows) realtime.emitToUser(row.userId, 'notification:new', notificationEvent(row));
  }

  function syncOtherTabs(userId: string) {
    realtime.emitToUser(userId, 'data:updated', { queryKeys: NOTIFICATION_KEYS });
  }

  async function notifyMany(userIds: string[], input: TNotificationInput, tx: DbOrTx = db): Promise<TNotification[]> {
    const valid = ZNotificationInput.parse(input);
    const rows = await notificationsRepo.insertMany(tx, [...new Set(userIds)], valid);
    // The email copies are a job of the same transaction: they vanish with a rollback, and
    // survive a restart or a mail server that is down once committed.
    if (rows.length > 0) await jobs.send(tx, mailCopiesJob, { userIds: rows.map((r) => r.userId), input: valid });
    afterCommit(tx, () => announce(rows));
    return rows.map(presentNotification);
  }

  return {
    async list(userId: string, query: PageQuery): Promise<TNotificationList> {
      const { rows, unreadCount } = await notificationsRepo.page(db, userId, query);
      return { notifications: rows.map(presentNotification), unreadCount };
    },

    unreadCount: (userId: string) => notificationsRepo.unreadCount(db, userId),

    /** Own notifications only: someone else's id answers exactly like an unknown one. */
    async markRead(userId: string, id: string): Promise<TMarkReadResult> {
      if (!UUID.test(id)) throw notFound();
      const row = await notificationsRepo.markRead(db, userId, id);
      if (!row) throw notFound();
      const unreadCount = await notificationsRepo.unreadCount(db, userId);
      syncOtherTabs(userId);
      return { notification: presentNotification(row), unreadCount };
    },

    async markAllRead(userId: string): Promise<TMarkAllResult> {
      const count = await notificationsRepo.markAllRead(db, userId);
      if (count > 0) syncOtherTabs(userId);
      return { count };
    },

    /** Every type with its effective choice: the user's own, or the type's default. */
    async preferences(userId: string): Promise<TNotificationPreference[]> {
      const chosen = new Map((await notificationsRepo.preferences(db, userId)).map((p) => [p.type, p.email]));
      return NOTIFICATION_TYPES.map((type) => ({ type, email: chosen.get(type) ?? EMAIL_ON_BY_DEFAULT.has(type) }));
    },

    async setPreferences(userId: string, prefs: TNotificationPreference[]): Promise<TNotificationPreference[]> {
      // The last choice for a type wins; one upsert cannot touch the same row twice.
      const latest = new Map(prefs.map((p) => [p.type, p.email]));
      await notificationsRepo.savePreferences(db, userId, [...latest].map(([type, email]) => ({ type, email })));
      return this.preferences(userId);
    },

    /**
     * Notifies one user. Inside a transaction (opened with server/db/transaction.ts's
     * `transaction`) the event and the email wait for the commit and vanish with a rollback.
     */
    async notify(userId: string, input: TNotificationInput, tx: DbOrTx = db): Promise<TNotification> {
      const [one] = await notifyMany([userId], input, tx);
      return one!;
    },

    notifyMany,

    /**
     * An admin_broadcast notification for every member of the audience, in batches that each
     * commit and announce before the next. Email copies are queued with the last step.
     */
    async broadcast(adminId: string, input: TBroadcastInput): Promise<TBroadcastCreated> {
      const content = { type: 'admin_broadcast' as const, title: input.title, message: input.message, link: input.link };
      const b = await notificationsRepo.insertBroadcast(db, { createdBy: adminId, ...content, link: input.link ?? null, audience: input.audience });
      let recipients = 0;
      let afterUserId: string | null = null;
      for (;;) {
        const rows = await notificationsRepo.fanOutBatch(db, b, afterUserId, BROADCAST_BATCH);
        if (rows.length === 0) break;
        recipients += rows.length;
        // RETURNING promises no order: the next batch starts after the largest id of this one.
        afterUserId = rows.reduce((max, r) => (r.userId > max ? r.userId : max), rows[0]!.userId);
        for (const row of rows) realtime.emitToUser(row.userId, 'notification:new', notificationEvent(row));
      }
      await transaction(db, async (tx) => {
        await notificationsRepo.setRecipients(tx, b.id, recipients);
        await jobs.send(tx, broadcastMailJob, { broadcastId: b.id, input: content, afterUserId: null });
      });
      return { id: b.id, recipients };
    },

    async listBroadcasts(limit: number): Promise<TBroadcast[]> {
      return (await notificationsRepo.listBroadcasts(db, limit)).map(presentBroadcast);
    },

    /** The `notifications.mail-copies` job: one mail job per recipient who wants a copy. */
    async mailCopies(userIds: string[], input: TNotificationInput): Promise<void> {
      const recipients = await notificationsRepo.mailRecipients(db, userIds, input.type, EMAIL_ON_BY_DEFAULT.has(input.type));
      await jobs.sendMany(db, sendMailJob, recipients.map((r) => notificationMail(r, input, appUrl)));
    },

    /**
     * The `notifications.broadcast-mail` job: one page of mail jobs and the job of the next page,
     * in one transaction, so a broadcast to any audience resumes where it stopped.
     */
    async mailBroadcastPage(broadcastId: string, input: TNotificationInput, afterUserId: string | null): Promise<void> {
      const byDefault = EMAIL_ON_BY_DEFAULT.has('admin_broadcast');
      const page = await notificationsRepo.broadcastMailPage(db, { broadcastId, afterUserId, size: MAIL_PAGE, byDefault });
      if (page.length === 0) return;
      await transaction(db, async (tx) => {
        await jobs.sendMany(tx, sendMailJob, page.map((r) => notificationMail(r, input, appUrl)));
        await jobs.send(tx, broadcastMailJob, { broadcastId, input, afterUserId: page[page.length - 1]!.userId });
      });
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
