import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TContextKind, TMessageKind } from '#shared/chat/chat.schemas';
import { users } from '../accounts/accounts.table';
import { uploads } from '../uploads/uploads.table';

/**
 * One conversation per unordered pair of members: the pair is stored lowest id first, so the
 * unique index is what makes "the same conversation for the same pair" true under a race.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userA: uuid('user_a')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userB: uuid('user_b')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contextKind: text('context_kind').$type<TContextKind>(),
    contextId: text('context_id'),
    /** The newest message's id: the list is ordered by it. */
    lastMessageId: bigint('last_message_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_conversations_pair_idx').on(t.userA, t.userB),
    index('chat_conversations_user_b_idx').on(t.userB),
    check('chat_conversations_pair_order', sql`${t.userA} < ${t.userB}`),
  ],
);

/**
 * Each member's place in a conversation: receipts are two ids that only move forward (GREATEST),
 * not a row per message per reader.
 */
export const chatMembers = pgTable(
  'chat_members',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadId: bigint('last_read_id', { mode: 'number' }).notNull().default(0),
    lastDeliveredId: bigint('last_delivered_id', { mode: 'number' }).notNull().default(0),
    /** A chat_message notification is out for this conversation and not yet read: no second one. */
    notified: boolean('notified').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] }), index('chat_members_user_idx').on(t.userId)],
);

/** Messages in the server's order: a bigint identity, which is also the paging cursor. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    /** Null for a system line (a call's summary). */
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').$type<TMessageKind>().notNull().default('text'),
    body: text('body').notNull(),
    /** The sender's own id for the send: a retry finds the message it already made. */
    clientId: text('client_id'),
    attachmentUploadId: uuid('attachment_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    replyToId: bigint('reply_to_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('chat_messages_conversation_idx').on(t.conversationId, t.id),
    uniqueIndex('chat_messages_client_idx')
      .on(t.senderId, t.clientId)
      .where(sql`client_id is not null`),
    index('chat_messages_attachment_idx')
      .on(t.attachmentUploadId)
      .where(sql`attachment_upload_id is not null`),
  ],
);

/** Who blocked whom: either direction closes the conversation for sending and calls. */
export const chatBlocks = pgTable(
  'chat_blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('chat_blocks_blocked_idx').on(t.blockedId)],
);

export type ConversationRow = typeof chatConversations.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;
export type MemberRow = typeof chatMembers.$inferSelect;
