import { and, asc, desc, eq, gt, ilike, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '#server/db/client';
import { people, personColumns } from '../accounts';
import {
  chatBlocks,
  chatConversations,
  chatMembers,
  chatMessages,
  type ConversationRow,
  type MessageRow,
} from './chat.table';

export type { ConversationRow, MessageRow } from './chat.table';

/** The lower id first: the order the pair is stored in. */
export const pairOf = (a: string, b: string): [string, string] => (a < b ? [a, b] : [b, a]);

const isMember = (userId: string) => or(eq(chatConversations.userA, userId), eq(chatConversations.userB, userId))!;
const otherOf = (userId: string) =>
  sql<string>`case when ${chatConversations.userA} = ${userId} then ${chatConversations.userB} else ${chatConversations.userA} end`;
/** Messages of the other member (not mine, not system lines) after my last read one. */
const unreadOf = (userId: string, lastRead: SQL | number) =>
  sql<number>`(select count(*)::int from ${chatMessages} m where m.conversation_id = ${chatConversations.id}
    and m.id > ${lastRead} and m.sender_id <> ${userId} and m.deleted_at is null)`;

const replyTo = alias(chatMessages, 'reply_to');
const messageColumns = {
  message: chatMessages,
  replyTo: { id: replyTo.id, senderId: replyTo.senderId, body: replyTo.body, deletedAt: replyTo.deletedAt },
};
export type MessageWithReply = {
  message: MessageRow;
  replyTo: { id: number | null; senderId: string | null; body: string | null; deletedAt: Date | null } | null;
};

export const chatRepo = {
  async findPair(db: DbOrTx, a: string, b: string): Promise<ConversationRow | undefined> {
    const [userA, userB] = pairOf(a, b);
    const [row] = await db
      .select()
      .from(chatConversations)
      .where(and(eq(chatConversations.userA, userA), eq(chatConversations.userB, userB)));
    return row;
  },

  /** The new conversation, or undefined when the pair already had one (a concurrent start). */
  async insertConversation(
    db: DbOrTx,
    a: string,
    b: string,
    context: { kind: string; id: string } | undefined,
  ): Promise<ConversationRow | undefined> {
    const [userA, userB] = pairOf(a, b);
    const [row] = await db
      .insert(chatConversations)
      .values({ userA, userB, contextKind: (context?.kind ?? null) as never, contextId: context?.id ?? null })
      .onConflictDoNothing()
      .returning();
    if (row)
      await db.insert(chatMembers).values([
        { conversationId: row.id, userId: userA },
        { conversationId: row.id, userId: userB },
      ]);
    return row;
  },

  /** The conversation if `userId` is one of its two members; `lock` serialises sends in it. */
  async forMember(db: DbOrTx, id: string, userId: string, lock = false): Promise<ConversationRow | undefined> {
    const q = db
      .select()
      .from(chatConversations)
      .where(and(eq(chatConversations.id, id), isMember(userId)));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },

  async members(db: DbOrTx, id: string): Promise<ConversationRow | undefined> {
    const [row] = await db.select().from(chatConversations).where(eq(chatConversations.id, id));
    return row;
  },

  /** Blocks between the two, either way: who blocked whom. */
  async blocksBetween(db: DbOrTx, me: string, other: string): Promise<{ byMe: boolean; byOther: boolean }> {
    const rows = await db
      .select()
      .from(chatBlocks)
      .where(
        or(
          and(eq(chatBlocks.blockerId, me), eq(chatBlocks.blockedId, other)),
          and(eq(chatBlocks.blockerId, other), eq(chatBlocks.blockedId, me)),
        ),
      );
    return { byMe: rows.some((r) => r.blockerId === me), byOther: rows.some((r) => r.blockerId === other) };
  },

  async block(db: DbOrTx, blockerId: string, blockedId: string): Promise<void> {
    await db.insert(chatBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
  },

  async unblock(db: DbOrTx, blockerId: string, blockedId: string): Promise<void> {
    await db.delete(chatBlocks).where(and(eq(chatBlocks.blockerId, blockerId), eq(chatBlocks.blockedId, blockedId)));
  },

  /** My conversations, newest activity first, with the other member, my unread count and their receipts. */
  async list(db: DbOrTx, userId: string, now: Date) {
    const other = people('other');
    const mine = alias(chatMembers, 'mine');
    const theirs = alias(chatMembers, 'theirs');
    const last = alias(chatMessages, 'last');
    return db
      .select({
        conversation: chatConversations,
        other: personColumns(other, now),
        last,
        mine: { lastReadId: mine.lastReadId },
        theirs: { lastReadId: theirs.lastReadId, lastDeliveredId: theirs.lastDeliveredId },
        unreadCount: unreadOf(userId, sql`${mine.lastReadId}`),
        blockedByMe: sql<boolean>`exists (select 1 from ${chatBlocks} b where b.blocker_id = ${userId} and b.blocked_id = ${other.id})`,
        blockedByOther: sql<boolean>`exists (select 1 from ${chatBlocks} b where b.blocker_id = ${other.id} and b.blocked_id = ${userId})`,
      })
      .from(chatConversations)
      .innerJoin(mine, and(eq(mine.conversationId, chatConversations.id), eq(mine.userId, userId)))
      .innerJoin(theirs, and(eq(theirs.conversationId, chatConversations.id), ne(theirs.userId, userId)))
      .innerJoin(other, eq(other.id, otherOf(userId)))
      .leftJoin(last, eq(last.id, chatConversations.lastMessageId))
      .orderBy(sql`${chatConversations.lastMessageId} desc nulls last`, desc(chatConversations.createdAt))
      .limit(200);
  },

  async member(db: DbOrTx, conversationId: string, userId: string) {
    const [row] = await db
      .select()
      .from(chatMembers)
      .where(and(eq(chatMembers.conversationId, conversationId), eq(chatMembers.userId, userId)));
    return row;
  },

  async unreadTotal(db: DbOrTx, userId: string): Promise<number> {
    const [row] = await db
      .select({ count: sql<number>`coalesce(sum(${unreadOf(userId, sql`${chatMembers.lastReadId}`)}), 0)::int` })
      .from(chatMembers)
      .innerJoin(chatConversations, eq(chatConversations.id, chatMembers.conversationId))
      .where(eq(chatMembers.userId, userId));
    return row?.count ?? 0;
  },

  async unreadIn(db: DbOrTx, conversationId: string, userId: string): Promise<number> {
    const [row] = await db
      .select({ count: unreadOf(userId, sql`${chatMembers.lastReadId}`) })
      .from(chatMembers)
      .innerJoin(chatConversations, eq(chatConversations.id, chatMembers.conversationId))
      .where(and(eq(chatMembers.conversationId, conversationId), eq(chatMembers.userId, userId)));
    return row?.count ?? 0;
  },

  /** A page: newest first before a cursor, or oldest first after one (catching up). */
  async page(
    db: DbOrTx,
    conversationId: string,
    q: { before?: number; after?: number; limit: number; q?: string },
  ): Promise<MessageWithReply[]> {
    const where = [eq(chatMessages.conversationId, conversationId)];
    if (q.before !== undefined) where.push(lt(chatMessages.id, q.before));
    if (q.after !== undefined) where.push(gt(chatMessages.id, q.after));
    if (q.q)
      where.push(
        ilike(chatMessages.body, `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
        sql`${chatMessages.deletedAt} is null`,
      );
    return db
      .select(messageColumns)
      .from(chatMessages)
      .leftJoin(replyTo, eq(replyTo.id, chatMessages.replyToId))
      .where(and(...where))
      .orderBy(q.after !== undefined ? asc(chatMessages.id) : desc(chatMessages.id))
      .limit(q.limit);
  },

  async message(db: DbOrTx, conversationId: string, id: number): Promise<MessageWithReply | undefined> {
    const [row] = await db
      .select(messageColumns)
      .from(chatMessages)
      .leftJoin(replyTo, eq(replyTo.id, chatMessages.replyToId))
      .where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.id, id)));
    return row;
  },

  async byClientId(db: DbOrTx, senderId: string, clientId: string): Promise<MessageRow | undefined> {
    const [row] = await db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.senderId, senderId), eq(chatMessages.clientId, clientId)));
    return row;
  },

  async insertMessage(db: DbOrTx, values: typeof chatMessages.$inferInsert): Promise<MessageRow> {
    const [row] = await db.insert(chatMessages).values(values).returning();
    await db
      .update(chatConversations)
      .set({ lastMessageId: row!.id })
      .where(eq(chatConversations.id, values.conversationId));
    return row!;
  },

  async updateMessage(db: DbOrTx, id: number, set: Partial<typeof chatMessages.$inferInsert>): Promise<void> {
    await db.update(chatMessages).set(set).where(eq(chatMessages.id, id));
  },

  /** Moves receipts forward only: a late request from an older tab cannot move them back. */
  async advance(db: DbOrTx, conversationId: string, userId: string, to: { read?: number; delivered: number }) {
    const [row] = await db
      .update(chatMembers)
      .set({
        lastDeliveredId: sql`greatest(${chatMembers.lastDeliveredId}, ${to.delivered})`,
        ...(to.read !== undefined
          ? { lastReadId: sql`greatest(${chatMembers.lastReadId}, ${to.read})`, notified: false }
          : {}),
      })
      .where(and(eq(chatMembers.conversationId, conversationId), eq(chatMembers.userId, userId)))
      .returning();
    return row;
  },

  /**
   * Every conversation of mine with messages I have not had delivered: delivered now. Rows another
   * transaction holds are skipped, not waited for: a send batch moving two of them in another
   * order would otherwise deadlock with this. What it skips is being moved by that holder, or is
   * moved on the next load.
   */
  async deliverAll(db: DbOrTx, userId: string) {
    return db
      .update(chatMembers)
      .set({ lastDeliveredId: sql`${chatConversations.lastMessageId}` })
      .from(chatConversations)
      .where(
        and(
          eq(chatMembers.userId, userId),
          eq(chatConversations.id, chatMembers.conversationId),
          sql`${chatConversations.lastMessageId} > ${chatMembers.lastDeliveredId}`,
          sql`${chatMembers.conversationId} in (select conversation_id from chat_members where user_id = ${userId} for update skip locked)`,
        ),
      )
      .returning({
        conversationId: chatMembers.conversationId,
        lastDeliveredId: chatMembers.lastDeliveredId,
        lastReadId: chatMembers.lastReadId,
      });
  },

  async setNotified(db: DbOrTx, conversationId: string, userId: string): Promise<boolean> {
    const rows = await db
      .update(chatMembers)
      .set({ notified: true })
      .where(
        and(
          eq(chatMembers.conversationId, conversationId),
          eq(chatMembers.userId, userId),
          eq(chatMembers.notified, false),
        ),
      )
      .returning({ userId: chatMembers.userId });
    return rows.length > 0;
  },

  /** Of these uploads, those a message still links (garbage collection keeps them). */
  async uploadsInUse(db: DbOrTx, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .selectDistinct({ id: chatMessages.attachmentUploadId })
      .from(chatMessages)
      .where(inArray(chatMessages.attachmentUploadId, ids));
    return rows.map((r) => r.id!);
  },

  /** Whether `userId` is in a conversation where a message links this upload (a block keeps history readable). */
  async mayReadUpload(db: DbOrTx, userId: string, uploadId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
      .where(and(eq(chatMessages.attachmentUploadId, uploadId), isMember(userId)))
      .limit(1);
    return Boolean(row);
  },

  /** Up to `count` messages on each side of `aroundId` (it included before), oldest first. */
  async linesAround(db: DbOrTx, conversationId: string, aroundId: number, count: number): Promise<MessageRow[]> {
    const before = await db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.conversationId, conversationId), sql`${chatMessages.id} <= ${aroundId}`))
      .orderBy(desc(chatMessages.id))
      .limit(count);
    const after = await db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.conversationId, conversationId), sql`${chatMessages.id} > ${aroundId}`))
      .orderBy(chatMessages.id)
      .limit(count);
    return [...before.reverse(), ...after];
  },

  async messageById(db: DbOrTx, id: number): Promise<MessageRow | undefined> {
    const [row] = await db.select().from(chatMessages).where(eq(chatMessages.id, id));
    return row;
  },

  /** Everything of one member's, for the privacy export. */
  async allOf(db: DbOrTx, userId: string) {
    const conversations = await db.select().from(chatConversations).where(isMember(userId));
    const messages = await db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.senderId, userId))
      .orderBy(asc(chatMessages.id));
    const blocks = await db.select().from(chatBlocks).where(eq(chatBlocks.blockerId, userId));
    return { conversations, messages, blocks };
  },

  /** Erasure: the member's words go; the lines stay, so the other member's history keeps its shape. */
  async eraseMessagesOf(db: DbOrTx, userId: string, at: Date): Promise<number> {
    const rows = await db
      .update(chatMessages)
      .set({
        body: '',
        attachmentUploadId: null,
        clientId: null,
        deletedAt: sql`coalesce(${chatMessages.deletedAt}, ${at})`,
      })
      .where(eq(chatMessages.senderId, userId))
      .returning({ id: chatMessages.id });
    await db.delete(chatBlocks).where(or(eq(chatBlocks.blockerId, userId), eq(chatBlocks.blockedId, userId)));
    return rows.length;
  },
};
