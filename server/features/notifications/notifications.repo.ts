import {
  and,
  arrayOverlaps,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  ne,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import type { TBroadcastType } from '#shared/notifications/broadcasts.schemas';
import type { TRole } from '#shared/roles';
import type { TNotificationInput, TNotificationType } from '#shared/notifications/notifications.schemas';
import { members } from '../accounts';
import { people, personColumns } from '../accounts';
import type { PersonRow } from '../accounts';
import {
  notificationBroadcasts,
  notificationPreferences,
  notifications,
  type BroadcastRow,
  type NotificationRow,
} from './notifications.table';

export type { BroadcastRow, NotificationRow } from './notifications.table';

export interface PageQuery {
  limit: number;
  offset: number;
  unread: boolean;
}

export interface MailRecipient {
  userId: string;
  email: string;
  fullName: string;
}

const newestFirst = [desc(notifications.createdAt), desc(notifications.id)];
// Spelled as the partial index's predicate, so the planner can always prove it applies.
const ownUnread = (userId: string | Placeholder) =>
  and(eq(notifications.userId, userId), sql`${notifications.isRead} = false`);

/*
 * Several queries below join the accounts feature's `members()`, because a broadcast to 100,000
 * members must be written and mailed in pages of SQL, not member by member through the accounts
 * service. Deleted accounts are not among them: they get no notification and no mail.
 */
const member = members('member');

/** The recipient's own choice for the type, else the type's default. */
const wantsEmail = (byDefault: boolean) => sql`coalesce(${notificationPreferences.email}, ${byDefault})`;
const preferenceJoin = (type: TNotificationType) =>
  and(eq(notificationPreferences.userId, member.id), eq(notificationPreferences.type, type));
const recipientFields = { userId: member.id, email: member.email, fullName: member.fullName };

/** Members of a target: no roles leaves admins out; roles mean everyone holding any of them, primary or not. */
function inTarget(roles: readonly TRole[]): SQL {
  return roles.length === 0 ? ne(member.role, 'admin') : arrayOverlaps(member.roles, [...roles]);
}

const sender = people('sender');

/**
 * The page query, built once per database and kept prepared: it runs on every poll of every
 * member, and building this query in drizzle costs more CPU than PostgreSQL spends running it.
 * The count comes from a one-row subquery, so an empty page still carries it.
 */
function buildPageStatement(db: DbOrTx, unread: boolean) {
  const userId = sql.placeholder('userId');
  const counted = db
    .select({ unreadCount: sql<number>`count(*)::int`.as('unread_count') })
    .from(notifications)
    .where(ownUnread(userId))
    .as('counted');
  const page = db
    .select()
    .from(notifications)
    .where(unread ? ownUnread(userId) : eq(notifications.userId, userId))
    .orderBy(...newestFirst)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  return db
    .select({
      unreadCount: counted.unreadCount,
      // Nested, so that drizzle maps an empty page (left join, all null) to row: null.
      row: {
        id: page.id,
        userId: page.userId,
        type: page.type,
        title: page.title,
        message: page.message,
        link: page.link,
        isRead: page.isRead,
        createdAt: page.createdAt,
        broadcastId: page.broadcastId,
      },
    })
    .from(counted)
    .leftJoinLateral(page, sql`true`)
    .orderBy(desc(page.createdAt), desc(page.id))
    .prepare(unread ? 'notifications_unread_page' : 'notifications_page');
}

type PageStatement = ReturnType<typeof buildPageStatement>;
const pageStatements = new WeakMap<DbOrTx, { all?: PageStatement; unread?: PageStatement }>();

function pageStatement(db: DbOrTx, unread: boolean): PageStatement {
  let cached = pageStatements.get(db);
  if (!cached) pageStatements.set(db, (cached = {}));
  const key = unread ? 'unread' : 'all';
  return (cached[key] ??= buildPageStatement(db, unread));
}

export const notificationsRepo = {
  /** A page and the unread count in one statement: one round trip per request. */
  async page(db: DbOrTx, userId: string, q: PageQuery) {
    const rows = await pageStatement(db, q.unread).execute({ userId, limit: q.limit, offset: q.offset });
    return {
      unreadCount: rows[0]?.unreadCount ?? 0,
      rows: rows.flatMap((r) => (r.row ? [r.row] : [])),
    };
  },

  /** How many notifications of `type` each member received since `since` (a daily cap's count). */
  async countsSince(db: DbOrTx, userIds: string[], type: TNotificationType, since: Date): Promise<Map<string, number>> {
    if (userIds.length === 0) return new Map();
    const rows = await db
      .select({ userId: notifications.userId, n: count() })
      .from(notifications)
      .where(
        and(inArray(notifications.userId, userIds), eq(notifications.type, type), gt(notifications.createdAt, since)),
      )
      .groupBy(notifications.userId);
    return new Map(rows.map((r) => [r.userId, r.n]));
  },

  async unreadCount(db: DbOrTx, userId: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(notifications).where(ownUnread(userId));
    return row?.n ?? 0;
  },

  async markRead(db: DbOrTx, userId: string, id: string): Promise<NotificationRow | undefined> {
    const [row] = await db
      .update(notifications)
      .set({ isRead: true })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .returning();
    return row;
  },

  /** How many changed, counted in the database rather than by shipping every id back. */
  async markAllRead(db: DbOrTx, userId: string): Promise<number> {
    const changed = db
      .$with('changed')
      .as(db.update(notifications).set({ isRead: true }).where(ownUnread(userId)).returning({ id: notifications.id }));
    const [row] = await db.with(changed).select({ n: count() }).from(changed);
    return row?.n ?? 0;
  },

  async insertMany(db: DbOrTx, userIds: string[], input: TNotificationInput): Promise<NotificationRow[]> {
    if (userIds.length === 0) return [];
    const { type, title, message, link = null, actorId = null } = input;
    return db
      .insert(notifications)
      .values(userIds.map((userId) => ({ userId, type, title, message, link, actorId })))
      .returning();
  },

  async preferences(db: DbOrTx, userId: string) {
    return db
      .select({
        type: notificationPreferences.type,
        email: notificationPreferences.email,
        inApp: notificationPreferences.inApp,
      })
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, userId));
  },

  /** A choice left out (undefined) keeps what the row had. */
  async savePreferences(
    db: DbOrTx,
    userId: string,
    prefs: Array<{ type: TNotificationType; email?: boolean; inApp?: boolean }>,
  ) {
    if (prefs.length === 0) return;
    await db
      .insert(notificationPreferences)
      .values(prefs.map((p) => ({ userId, type: p.type, email: p.email ?? null, inApp: p.inApp ?? null })))
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.type],
        set: {
          email: sql`coalesce(excluded.email, ${notificationPreferences.email})`,
          inApp: sql`coalesce(excluded.in_app, ${notificationPreferences.inApp})`,
        },
      });
  },

  /** Of these users, the verified ones who want an email copy of `type`. */
  async mailRecipients(
    db: DbOrTx,
    userIds: string[],
    type: TNotificationType,
    byDefault: boolean,
  ): Promise<MailRecipient[]> {
    if (userIds.length === 0) return [];
    return db
      .select(recipientFields)
      .from(member)
      .leftJoin(notificationPreferences, preferenceJoin(type))
      .where(and(inArray(member.id, userIds), eq(member.emailVerified, true), wantsEmail(byDefault)));
  },

  async insertBroadcast(
    db: DbOrTx,
    values: {
      createdBy: string;
      type: TBroadcastType;
      title: string;
      message: string;
      link: string | null;
      roles: TRole[];
      recipients: number;
    },
  ): Promise<BroadcastRow> {
    const [row] = await db.insert(notificationBroadcasts).values(values).returning();
    return row!;
  },

  async broadcast(db: DbOrTx, id: string): Promise<BroadcastRow | undefined> {
    const [row] = await db.select().from(notificationBroadcasts).where(eq(notificationBroadcasts.id, id));
    return row;
  },

  async targetSize(db: DbOrTx, roles: readonly TRole[]): Promise<number> {
    const [row] = await db.select({ n: count() }).from(member).where(inTarget(roles));
    return row?.n ?? 0;
  },

  /** The ids of the next `size` members of the target after `afterUserId`, in id order. */
  async targetPage(db: DbOrTx, roles: readonly TRole[], afterUserId: string | null, size: number): Promise<string[]> {
    const rows = await db
      .select({ id: member.id })
      .from(member)
      .where(and(inTarget(roles), afterUserId ? gt(member.id, afterUserId) : undefined))
      .orderBy(asc(member.id))
      .limit(size);
    return rows.map((r) => r.id);
  },

  /**
   * The broadcast's notifications of these members. The unique (broadcast_id, user_id) index
   * makes a page written twice insert nothing the second time: only new rows come back. They
   * carry the broadcast's time, not the page's: pages run later, and not in the order sent.
   */
  async insertBroadcastRows(db: DbOrTx, b: BroadcastRow, userIds: string[]): Promise<NotificationRow[]> {
    const { id: broadcastId, type, title, message, link, createdAt } = b;
    return db
      .insert(notifications)
      .values(userIds.map((userId) => ({ userId, type, title, message, link, broadcastId, createdAt })))
      .onConflictDoNothing()
      .returning();
  },

  /** The broadcast's recipients become the members it did reach. */
  async countRecipients(db: DbOrTx, id: string): Promise<void> {
    const reached = db.select({ n: count() }).from(notifications).where(eq(notifications.broadcastId, id));
    await db
      .update(notificationBroadcasts)
      .set({ recipients: sql`(${reached})` })
      .where(eq(notificationBroadcasts.id, id));
  },

  /** One page of the history, newest first, each with its sender as a person and the total. */
  async broadcastPage(
    db: DbOrTx,
    limit: number,
    offset: number,
    now: Date,
  ): Promise<{ rows: (BroadcastRow & { sender: PersonRow | null })[]; total: number }> {
    const [rows, [counted]] = await Promise.all([
      db
        .select({ broadcast: notificationBroadcasts, sender: personColumns(sender, now) })
        .from(notificationBroadcasts)
        .leftJoin(sender, eq(sender.id, notificationBroadcasts.createdBy))
        .orderBy(desc(notificationBroadcasts.createdAt), desc(notificationBroadcasts.id))
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(notificationBroadcasts),
    ]);
    return { rows: rows.map((r) => ({ ...r.broadcast, sender: r.sender })), total: counted?.n ?? 0 };
  },
};
