import type { Db, DbOrTx } from '#server/db/client';
import { afterCommit, transaction } from '#server/db/transaction';
import type { QueueService } from '#server/queue/queue.service';
import { AppError } from '#server/lib/errors';
import { sendMailJob } from '#server/lib/mail.queue';
import type { RealtimeService } from '#server/realtime/realtime.service';
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
  type TNotificationPreferenceChange,
  type TNotificationType,
  ZNotificationPreferencesInput,
} from '#shared/notifications/notifications.schemas';
import {
  BROADCASTS_PAGE_SIZE,
  targetRoles,
  ZBroadcastInput,
  type TBroadcastCreated,
  type TBroadcastInput,
  type TBroadcastList,
  type TBroadcastType,
} from '#shared/notifications/broadcasts.schemas';
import type { TRole } from '#shared/roles';
import { broadcastPageJob, mailCopiesJob } from './notifications.queue';
import { broadcastTwinsRepo } from './broadcast-twins.repo';
import { notificationMail } from './notifications.mail';
import { notificationsPrivacyRepo } from './notifications-privacy.repo';
import { type NotificationRow, notificationsRepo, type PageQuery } from './notifications.repo';
import type { Viewer } from '../accounts';
import { notificationEvent, presentBroadcast, presentNotification } from './notifications.presenter';

/** Members per page of a broadcast: memory and lock time stay those of one page. */
export const BROADCAST_BATCH = 1_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** What other tabs of the same user refetch after a read or mark-all. */
const NOTIFICATION_KEYS = [['/api/notifications'], ['/api/notifications/unread-count']];

export interface NotificationsDeps {
  db: Db;
  realtime: RealtimeService;
  jobs: QueueService;
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

  /** `emailCopy: false`: the caller sends the copy itself, later (chat mails only what stays unread). */
  async function notifyMany(
    userIds: string[],
    input: TNotificationInput,
    tx: DbOrTx = db,
    opts: { emailCopy?: boolean } = {},
  ): Promise<TNotification[]> {
    const valid = ZNotificationInput.parse(input);
    const rows = await notificationsRepo.insertMany(tx, [...new Set(userIds)], valid);
    // The email copies are a job of the same transaction: they vanish with a rollback, and
    // survive a restart or a mail server that is down once committed.
    if (rows.length > 0 && opts.emailCopy !== false)
      await jobs.send(tx, mailCopiesJob, { userIds: rows.map((r) => r.userId), input: valid });
    afterCommit(tx, () => announce(rows));
    return rows.map(presentNotification);
  }

  return {
    async list(userId: string, query: PageQuery): Promise<TNotificationList> {
      const { rows, unreadCount } = await notificationsRepo.page(db, userId, query);
      return { notifications: rows.map(presentNotification), unreadCount };
    },

    unreadCount: (userId: string) => notificationsRepo.unreadCount(db, userId),

    /** Per member, how many notifications of `type` they received since `since` (talent's daily cap on gig_posted). */
    countsSince: (userIds: string[], type: TNotificationInput['type'], since: Date, tx: DbOrTx = db) =>
      notificationsRepo.countsSince(tx, userIds, type, since),

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

    /** Every type with its effective choices: the user's own, or the type's defaults. */
    async preferences(userId: string): Promise<TNotificationPreference[]> {
      const chosen = new Map((await notificationsRepo.preferences(db, userId)).map((p) => [p.type, p]));
      return NOTIFICATION_TYPES.map((type) => ({
        type,
        email: chosen.get(type)?.email ?? EMAIL_ON_BY_DEFAULT.has(type),
        inApp: chosen.get(type)?.inApp ?? true,
      }));
    },

    async setPreferences(userId: string, prefs: TNotificationPreferenceChange[]): Promise<TNotificationPreference[]> {
      // The last choice for a type wins; one upsert cannot touch the same row twice.
      const latest = new Map<TNotificationType, { email?: boolean; inApp?: boolean }>();
      for (const p of ZNotificationPreferencesInput.parse({ preferences: prefs }).preferences) {
        const before = latest.get(p.type);
        latest.set(p.type, { email: p.email ?? before?.email, inApp: p.inApp ?? before?.inApp });
      }
      await notificationsRepo.savePreferences(
        db,
        userId,
        [...latest].map(([type, choice]) => ({ type, ...choice })),
      );
      return this.preferences(userId);
    },

    /**
     * Notifies one user. Inside a transaction (opened with server/db/transaction.ts's
     * `transaction`) the event and the email wait for the commit and vanish with a rollback.
     */
    async notify(
      userId: string,
      input: TNotificationInput,
      tx: DbOrTx = db,
      opts: { emailCopy?: boolean } = {},
    ): Promise<TNotification> {
      const [one] = await notifyMany([userId], input, tx, opts);
      return one!;
    },

    notifyMany,

    /**
     * A notification of the broadcast's type for every member of its target. The broadcast and
     * the job of its first page commit together (in `tx` when given): a rollback sends nothing,
     * and once committed the pages run to the end whatever restarts. The answer counts the target
     * now; the last page records how many members the pages did reach.
     */
    async broadcast(
      adminId: string,
      given: TBroadcastInput,
      tx: DbOrTx = db,
    ): Promise<TBroadcastCreated & { type: TBroadcastType; roles: TRole[] }> {
      const input = ZBroadcastInput.parse(given);
      const roles = targetRoles(input);
      return transaction(tx, async (t) => {
        const values = {
          createdBy: adminId,
          type: input.type,
          title: input.title,
          message: input.message,
          link: input.link ?? null,
          roles,
        };
        // A double click or a retried request sends nothing twice (issue 26): the same admin's
        // identical broadcast within the window answers as the one already sent.
        await broadcastTwinsRepo.lockAdmin(t, adminId);
        const twin = await broadcastTwinsRepo.recentTwin(t, values);
        if (twin) return { id: twin.id, recipients: twin.recipients, type: twin.type, roles: twin.roles };
        const recipients = await notificationsRepo.targetSize(t, roles);
        const b = await notificationsRepo.insertBroadcast(t, { ...values, recipients });
        await jobs.send(t, broadcastPageJob, { broadcastId: b.id, afterUserId: null });
        return { id: b.id, recipients, type: b.type, roles };
      });
    },

    /** One page of the broadcast history, newest first; `now` decides whose suspension hides them. */
    async listBroadcasts(page: number, viewer: Viewer, now: Date): Promise<TBroadcastList> {
      const { rows, total } = await notificationsRepo.broadcastPage(
        db,
        BROADCASTS_PAGE_SIZE,
        (page - 1) * BROADCASTS_PAGE_SIZE,
        now,
      );
      return { broadcasts: rows.map((r) => presentBroadcast(r, viewer)), total, page, pageSize: BROADCASTS_PAGE_SIZE };
    },

    /**
     * Erasure (decision 050): the member's own notifications and preferences go, others' notices
     * stop naming or quoting them, and mails quoting them or addressed to them that have not gone
     * yet never go.
     */
    async eraseMember(person: { id: string; email: string; fullName: string }, tx: DbOrTx): Promise<void> {
      await notificationsPrivacyRepo.erase(tx, person.id, person.fullName);
      await jobs.discard(tx, mailCopiesJob, { input: { actorId: person.id } });
      // Copies meant for them alone; a copy for many goes to the others (the erased address gets none).
      await jobs.discard(tx, mailCopiesJob, { userIds: [person.id] }, { exact: true });
      await jobs.discard(tx, sendMailJob, { actorId: person.id });
      await jobs.discard(tx, sendMailJob, { to: person.email });
    },

    /** The `notifications.mail-copies` job: one mail job per recipient who wants a copy. */
    async mailCopies(userIds: string[], input: TNotificationInput): Promise<void> {
      const recipients = await notificationsRepo.mailRecipients(
        db,
        userIds,
        input.type,
        EMAIL_ON_BY_DEFAULT.has(input.type),
      );
      await jobs.sendMany(
        db,
        sendMailJob,
        recipients.map((r) => ({ ...notificationMail(r, input, appUrl), actorId: input.actorId })),
      );
    },

    /**
     * The `notifications.broadcast-page` job: one page of notifications, their mail jobs and the
     * job of the next page, in one transaction; the realtime events follow the commit. A page
     * that committed before its job failed inserts nothing when retried, and stops there: the
     * next page was queued by the run that committed.
     */
    async broadcastPage(broadcastId: string, afterUserId: string | null): Promise<void> {
      const b = await notificationsRepo.broadcast(db, broadcastId);
      if (!b) return;
      await transaction(db, async (tx) => {
        const page = await notificationsRepo.targetPage(tx, b.roles, afterUserId, BROADCAST_BATCH);
        if (page.length === 0) return notificationsRepo.countRecipients(tx, b.id);
        const rows = await notificationsRepo.insertBroadcastRows(tx, b, page);
        if (rows.length === 0) return;
        const input: TNotificationInput = {
          type: b.type,
          title: b.title,
          message: b.message,
          link: b.link ?? undefined,
        };
        const mail = await notificationsRepo.mailRecipients(
          tx,
          rows.map((r) => r.userId),
          b.type,
          EMAIL_ON_BY_DEFAULT.has(b.type),
        );
        await jobs.sendMany(
          tx,
          sendMailJob,
          mail.map((r) => notificationMail(r, input, appUrl)),
        );
        await jobs.send(tx, broadcastPageJob, { broadcastId, afterUserId: page[page.length - 1]! });
        afterCommit(tx, () => announce(rows));
      });
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
