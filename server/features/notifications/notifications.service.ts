import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { afterCommit } from '../../db/transaction';
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
import { createNotificationMailer } from './notifications.mail';
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
  mailer: Mailer;
  appUrl: string;
  log: FastifyBaseLogger;
}

export function createNotificationsService(deps: NotificationsDeps) {
  const { db, realtime } = deps;
  const mail = createNotificationMailer(deps);

  const notFound = () => new AppError('NOT_FOUND', 'Notification not found.');

  /** After commit: each recipient's socket hears of its own row; wanted email copies follow. */
  function announce(rows: NotificationRow[], input: TNotificationInput) {
    for (const row of rows) realtime.emitToUser(row.userId, 'notification:new', notificationEvent(row));
    const userIds = rows.map((r) => r.userId);
    mail.inBackground(async () => {
      const recipients = await notificationsRepo.mailRecipients(db, userIds, input.type, EMAIL_ON_BY_DEFAULT.has(input.type));
      await mail.sendEach(recipients, input);
    });
  }

  function syncOtherTabs(userId: string) {
    realtime.emitToUser(userId, 'data:updated', { queryKeys: NOTIFICATION_KEYS });
  }

  async function notifyMany(userIds: string[], input: TNotificationInput, tx: DbOrTx = db): Promise<TNotification[]> {
    const valid = ZNotificationInput.parse(input);
    const rows = await notificationsRepo.insertMany(tx, [...new Set(userIds)], valid);
    afterCommit(tx, () => announce(rows, valid));
    return rows.map(presentNotification);
  }

  async function mailBroadcast(broadcastId: string, input: TNotificationInput) {
    const byDefault = EMAIL_ON_BY_DEFAULT.has('admin_broadcast');
    let afterUserId: string | null = null;
    while (!mail.isClosed()) {
      const page = await notificationsRepo.broadcastMailPage(db, { broadcastId, afterUserId, size: MAIL_PAGE, byDefault });
      if (page.length === 0) return;
      await mail.sendEach(page, input);
      afterUserId = page[page.length - 1]!.userId;
    }
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
     * commit and announce before the next. Email copies go out after the answer.
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
      await notificationsRepo.setRecipients(db, b.id, recipients);
      mail.inBackground(() => mailBroadcast(b.id, content));
      return { id: b.id, recipients };
    },

    async listBroadcasts(limit: number): Promise<TBroadcast[]> {
      return (await notificationsRepo.listBroadcasts(db, limit)).map(presentBroadcast);
    },

    /** Stops background mail between two mails, and waits for the one in flight. */
    close: () => mail.close(),
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
