import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TBroadcastType } from '#shared/notifications/broadcasts.schemas';
import type { TRole } from '#shared/roles';
import type { TNotificationType } from '#shared/notifications/notifications.schemas';
import { users } from '../accounts/accounts.table';

/** One row per admin broadcast; its notifications point back at it. */
export const notificationBroadcasts = pgTable(
  'notification_broadcasts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    link: text('link'),
    type: text('type').$type<TBroadcastType>().notNull().default('admin_broadcast'),
    /** Members holding any of these roles; empty means everyone but admins. */
    roles: text('roles')
      .array()
      .$type<TRole[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    recipients: integer('recipients').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notification_broadcasts_created_idx').on(t.createdAt.desc().nullsFirst())],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<TNotificationType>().notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    link: text('link'),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    broadcastId: uuid('broadcast_id').references(() => notificationBroadcasts.id, { onDelete: 'set null' }),
    /** Whose action this reports, and whose words it may quote (erasure blanks it: issue 25). */
    actorId: uuid('actor_id'),
  },
  (t) => [
    // A user's page, newest first, read straight off the index however large the table grows.
    // NULLS FIRST is what a plain ORDER BY ... DESC means; drizzle-kit's default (LAST) would
    // not match it and the planner would sort instead.
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The badge count and the "unread" filter touch only unread rows, a small part of the table.
    index('notifications_user_unread_idx')
      .on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`is_read = false`),
    // A broadcast reaches each member once, even if a batch were ever run twice.
    uniqueIndex('notifications_broadcast_user_idx')
      .on(t.broadcastId, t.userId)
      .where(sql`broadcast_id is not null`),
    // An erasure finds the copies of the erased member's words in others' inboxes.
    index('notifications_actor_idx')
      .on(t.actorId)
      .where(sql`actor_id is not null`),
  ],
);

/**
 * Only the choices a user changed; a missing row or a null means the default: the email copy
 * per EMAIL_ON_BY_DEFAULT, and every notification shown (`in_app`, false only for IN_APP_OPTIONAL types).
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<TNotificationType>().notNull(),
    email: boolean('email'),
    inApp: boolean('in_app'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);

export type NotificationRow = typeof notifications.$inferSelect;
export type BroadcastRow = typeof notificationBroadcasts.$inferSelect;
