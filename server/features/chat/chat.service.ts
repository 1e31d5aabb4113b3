import type { Db, DbOrTx } from '#server/db/client';
import { afterCommit, transaction } from '#server/db/transaction';
import type { QueueService } from '#server/queue/queue.service';
import { AppError } from '#server/lib/errors';
import type { RealtimeService } from '#server/realtime/realtime.service';
import type { TSignalPayload } from '#shared/realtime/signals';
import {
  EDIT_WINDOW_MS,
  EMAIL_AFTER_MS,
  type TChatContext,
  type TChatMessage,
  type TConversation,
  type TMessagePage,
  type TMessagesQuery,
  type TSendMessage,
  type TSystemKind,
} from '#shared/chat/chat.schemas';
import { chatMessageSignal, chatReceiptSignal, chatRoom } from '#shared/chat/chat.realtime';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type { AccountsService } from '../accounts';
import type { Viewer } from '../accounts';
import type { NotificationsService } from '../notifications';
import type { UploadsService } from '../uploads';
import { unreadMailJob, unreadMailKey } from './chat.queue';
import { chatRepo, type ConversationRow, type MessageRow, type MessageWithReply } from './chat.repo';
import { createSendBatcher } from './chat-batch';
import { createChatContexts, profileContext } from './chat-contexts';
import { CHAT_KEYS, createListRefresh } from './chat-realtime';
import { sendMessage } from './chat-send.repo';
import { presentConversation, presentMessage } from './chat.presenter';

export interface ChatDeps {
  db: Db;
  accounts: AccountsService;
  realtime: RealtimeService;
  notifications: NotificationsService;
  uploads: UploadsService;
  jobs: QueueService;
  now: () => Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const notFound = () => new AppError('NOT_FOUND', 'Conversation not found.');
export const blockedError = () => new AppError('FORBIDDEN', 'You can no longer message this member.');
const viewerOf = (user: Pick<TUser, 'id' | 'role'>): Viewer => ({ id: user.id, role: user.role });
type Members = Pick<ConversationRow, 'id' | 'userA' | 'userB'>;
export const otherMember = (c: ConversationRow, userId: string) => (c.userA === userId ? c.userB : c.userA);

export function createChatService(deps: ChatDeps) {
  const { db, accounts, realtime, notifications, uploads, jobs, now } = deps;
  const batcher = createSendBatcher(db);
  const refreshLists = createListRefresh(realtime);
  const contexts = createChatContexts();
  contexts.add(profileContext(async (id, tx) => (await accounts.findById(id, tx))?.username));

  async function present(rows: MessageWithReply[], tx: DbOrTx = db): Promise<TChatMessage[]> {
    const ids = rows.map((r) => r.message.attachmentUploadId).filter((id): id is string => Boolean(id));
    const attachments = ids.length > 0 ? await uploads.presentMany(ids, tx) : new Map();
    return rows.map((r) => presentMessage(r, attachments));
  }

  async function presentOne(row: MessageRow, tx: DbOrTx = db): Promise<TChatMessage> {
    const full = await chatRepo.message(tx, row.conversationId, row.id);
    return (await present([full!], tx))[0]!;
  }

  /** The conversation for a member: anyone else, and any malformed id, gets the same 404. */
  async function forMember(id: string, userId: string, tx: DbOrTx = db, lock = false): Promise<ConversationRow> {
    if (!UUID.test(id)) throw notFound();
    const c = await chatRepo.forMember(tx, id, userId, lock);
    if (!c) throw notFound();
    return c;
  }

  /**
   * History stays readable to both members after a block, as on WhatsApp (decision 054): the
   * blocked member still sees the conversation and what was said; sending is what a block ends.
   */
  const forReader = (id: string, userId: string, tx: DbOrTx = db): Promise<ConversationRow> =>
    forMember(id, userId, tx);

  function announce(tx: DbOrTx, c: Members, message: TChatMessage, receipt?: TSignalPayload<typeof chatReceiptSignal>) {
    afterCommit(tx, () => {
      realtime.emitToRoom(chatRoom(c.id), chatMessageSignal, {
        conversationId: c.id,
        message,
        ...(receipt && { receipt }),
      });
      refreshLists([c.userA, c.userB], chatRoom(c.id));
    });
  }

  /** A member's receipts as sent to the room. */
  const receiptOf = (conversationId: string, m: { userId: string; lastDeliveredId: number; lastReadId: number }) => ({
    conversationId,
    userId: m.userId,
    lastDeliveredId: String(m.lastDeliveredId),
    lastReadId: String(m.lastReadId),
  });

  /** For the other member's ticks: the reader's own sockets have no use for their receipt. */
  function announceReceipt(
    tx: DbOrTx,
    conversationId: string,
    m: { userId: string; lastDeliveredId: number; lastReadId: number },
  ) {
    afterCommit(tx, () =>
      realtime.emitToRoom(chatRoom(conversationId), chatReceiptSignal, receiptOf(conversationId, m), {
        exceptUsers: [m.userId],
      }),
    );
  }

  /** Whoever may see the other's profile may write to them, unless a block stands either way. */
  async function mayStart(me: TUser, otherId: string, tx: DbOrTx): Promise<void> {
    if (!UUID.test(otherId) || otherId === me.id) throw new AppError('NOT_FOUND', 'Member not found.');
    const person = await accounts.person(otherId, viewerOf(me), tx);
    // A hidden or deleted member shows as a nameless placeholder: as good as not there.
    if (!person || person.username === '') throw new AppError('NOT_FOUND', 'Member not found.');
  }

  /** The recipient's notification (once per conversation until read) and its later email copy. */
  async function notifyRecipient(tx: DbOrTx, c: Members, sender: TUser, recipientId: string, preview: string) {
    if (!(await chatRepo.setNotified(tx, c.id, recipientId))) return;
    const text = preview.length > 120 ? `${preview.slice(0, 119)}…` : preview;
    await notifications.notify(
      recipientId,
      {
        type: 'chat_message',
        title: `New message from ${sender.fullName}`,
        message: text || 'Sent you a file',
        link: `/chat/${c.id}`,
        actorId: sender.id,
      },
      tx,
      { emailCopy: false },
    );
    await jobs.send(
      tx,
      unreadMailJob,
      { conversationId: c.id, userId: recipientId },
      {
        startAfter: new Date(now().getTime() + EMAIL_AFTER_MS),
        singletonKey: unreadMailKey(c.id, recipientId),
      },
    );
  }

  return {
    forMember,
    /** The areas' context rules (chat's module accepts them as `chatContexts`). */
    addContextRule: contexts.add,

    /**
     * The pair's conversation, made on first use; `created` tells the route 201 from 200. A context
     * is checked even when the conversation exists (and keeps the one it started with), so the
     * answer does not depend on whether it does.
     */
    async start(
      me: TUser,
      otherId: string,
      context: TChatContext | undefined,
    ): Promise<{ conversation: TConversation; created: boolean }> {
      return transaction(db, async (tx) => {
        await mayStart(me, otherId, tx);
        if (context) await contexts.check([me.id, otherId], context, tx);
        const blocks = await chatRepo.blocksBetween(tx, me.id, otherId);
        const existing = await chatRepo.findPair(tx, me.id, otherId);
        // An existing conversation opens whatever the blocks (its history stays); a new one cannot start.
        if (!existing && blocks.byOther && !blocks.byMe) throw blockedError();
        if (!existing && blocks.byMe)
          throw new AppError('FORBIDDEN', 'You blocked this member. Unblock them to send a message.');
        const made = existing ? undefined : await chatRepo.insertConversation(tx, me.id, otherId, context);
        const id = (existing ?? made ?? (await chatRepo.findPair(tx, me.id, otherId)))!.id;
        const conversation = (await this.list(me, tx)).find((c) => c.id === id)!;
        return { conversation, created: Boolean(made) };
      });
    },

    async list(me: TUser, tx: DbOrTx = db): Promise<TConversation[]> {
      const rows = await chatRepo.list(tx, me.id, now());
      const ids = rows.map((r) => r.last?.attachmentUploadId).filter((id): id is string => Boolean(id));
      const attachments = ids.length > 0 ? await uploads.presentMany(ids, tx) : new Map();
      return rows.map((r) => presentConversation(r, viewerOf(me), attachments));
    },

    /** Opening the list delivers everything in it: receipts move for the senders' open tabs. */
    async deliverAll(userId: string): Promise<void> {
      await transaction(db, async (tx) => {
        for (const m of await chatRepo.deliverAll(tx, userId)) announceReceipt(tx, m.conversationId, { userId, ...m });
      });
    },

    async messages(me: TUser, id: string, q: TMessagesQuery): Promise<TMessagePage> {
      const c = await forReader(id, me.id);
      const rows = await chatRepo.page(db, c.id, {
        before: q.before ? Number(q.before) : undefined,
        after: q.after ? Number(q.after) : undefined,
        limit: q.limit,
        q: q.q,
      });
      const last = rows[rows.length - 1];
      const messages = await present(rows);
      if (!q.before && !q.q && c.lastMessageId) {
        await transaction(db, async (tx) => {
          const m = await chatRepo.advance(tx, c.id, me.id, { delivered: c.lastMessageId! });
          if (m) announceReceipt(tx, c.id, m);
        });
      }
      return { messages, nextCursor: rows.length === q.limit && last ? String(last.message.id) : null };
    },

    /**
     * Sends, or answers the message a retry with the same clientId already made (`created`
     * false). One statement does the checks and the insert (chat-send.repo.ts); with the
     * recipient watching and no attachment that statement is the whole send, shared with the
     * sends that arrive while another runs (chat-batch.ts).
     */
    async send(me: TUser, id: string, input: TSendMessage): Promise<{ message: TChatMessage; created: boolean }> {
      if (!UUID.test(id)) throw notFound();
      // Asked before any statement: a question to every process must not hold the row lock. Only
      // the two members can be in the room (its policy), so anyone there but me is the recipient.
      const watching = await realtime.presence.othersIn(chatRoom(id), me.id);
      // An outsider learns nothing about an upload: 404 first. Not watching: ask where they are.
      const probe = watching && !input.attachmentUploadId ? null : await forMember(id, me.id);
      const online = watching || (await realtime.presence.isOnline(otherMember(probe!, me.id)));
      const run = async (tx: DbOrTx) => {
        if (input.attachmentUploadId) {
          // Uploaded as private: served only to this conversation's members (the reader below).
          // A picture, a PDF sent before attachments existed, or any attachment (decision 053).
          await uploads.requireOwned(
            me.id,
            [input.attachmentUploadId],
            ['image', 'document', 'attachment'],
            'attachmentUploadId',
            tx,
            { private: true },
          );
        }
        const row: MessageRow = {
          id: 0,
          conversationId: id,
          senderId: me.id,
          kind: 'text',
          body: input.body,
          clientId: input.clientId ?? null,
          attachmentUploadId: input.attachmentUploadId ?? null,
          replyToId: input.replyToId ? Number(input.replyToId) : null,
          createdAt: now(),
          editedAt: null,
          deletedAt: null,
        };
        const statement = { ...row, senderId: me.id, deliver: online };
        const sent = probe ? await sendMessage(tx, statement) : await batcher.send(statement);
        if (!sent.members) throw notFound();
        // A retry that raced its twin past the first look finds the twin's message now.
        const earlier =
          sent.earlier ??
          (sent.id === null && !sent.blocked && sent.replyOk && row.clientId
            ? await chatRepo.byClientId(tx, me.id, row.clientId)
            : undefined);
        if (earlier && earlier.conversationId !== id)
          throw new AppError('CONFLICT', 'This message id was already used in another conversation.');
        if (earlier) return { message: await presentOne({ ...row, ...earlier }, tx), created: false };
        if (sent.blocked) throw blockedError();
        if (!sent.replyOk)
          throw new AppError('VALIDATION_FAILED', 'That message is not in this conversation.', {
            replyToId: 'Not in this conversation',
          });
        const c = { id, ...sent.members };
        const recipientId = c.userA === me.id ? c.userB : c.userA;
        if (!watching) await notifyRecipient(tx, c, me, recipientId, input.body);
        const made = { ...row, id: sent.id! };
        // A plain line needs nothing joined: presented from the inserted row, one query fewer.
        const message =
          made.replyToId || made.attachmentUploadId
            ? await presentOne(made, tx)
            : presentMessage({ message: made, replyTo: null }, new Map());
        // The recipient's tab took it as it was sent: the sender's ticks move with the message.
        announce(
          tx,
          c,
          message,
          sent.delivered ? receiptOf(id, { userId: recipientId, ...sent.delivered }) : undefined,
        );
        return { message, created: true };
      };
      return probe ? transaction(db, run) : run(db);
    },

    async edit(me: TUser, id: string, messageId: string, body: string): Promise<TChatMessage> {
      return transaction(db, async (tx) => {
        const c = await forMember(id, me.id, tx);
        const found = /^\d{1,18}$/.test(messageId) ? await chatRepo.message(tx, c.id, Number(messageId)) : undefined;
        if (!found || found.message.senderId !== me.id) throw new AppError('NOT_FOUND', 'Message not found.');
        const blocks = await chatRepo.blocksBetween(tx, me.id, otherMember(c, me.id));
        if (blocks.byMe || blocks.byOther) throw blockedError();
        if (
          found.message.deletedAt ||
          found.message.kind !== 'text' ||
          now().getTime() - found.message.createdAt.getTime() > EDIT_WINDOW_MS
        ) {
          throw new AppError('CONFLICT', 'A message can be edited for 15 minutes after it is sent.');
        }
        await chatRepo.updateMessage(tx, found.message.id, { body, editedAt: now() });
        const message = await presentOne(found.message, tx);
        announce(tx, c, message);
        return message;
      });
    },

    /** Deleted for everyone: the line stays, saying so; the words and the file go. */
    async remove(me: TUser, id: string, messageId: string): Promise<TChatMessage> {
      return transaction(db, async (tx) => {
        const c = await forMember(id, me.id, tx);
        const found = /^\d{1,18}$/.test(messageId) ? await chatRepo.message(tx, c.id, Number(messageId)) : undefined;
        if (!found || found.message.senderId !== me.id) throw new AppError('NOT_FOUND', 'Message not found.');
        await chatRepo.updateMessage(tx, found.message.id, {
          body: '',
          attachmentUploadId: null,
          deletedAt: found.message.deletedAt ?? now(),
        });
        const message = await presentOne(found.message, tx);
        announce(tx, c, message);
        return message;
      });
    },

    async markRead(me: TUser, id: string, messageId: string): Promise<{ lastReadId: string; unreadCount: number }> {
      return transaction(db, async (tx) => {
        const c = await forReader(id, me.id, tx);
        // Never past the newest message: a made-up id cannot mark future messages read.
        const upto = Math.min(Number(messageId), c.lastMessageId ?? 0);
        const m = (await chatRepo.advance(tx, c.id, me.id, { delivered: upto, read: upto }))!;
        await jobs.cancel(tx, unreadMailJob, unreadMailKey(c.id, me.id));
        announceReceipt(tx, c.id, m);
        afterCommit(tx, () => realtime.emitToUser(me.id, 'data:updated', { queryKeys: CHAT_KEYS }));
        return { lastReadId: String(m.lastReadId), unreadCount: await chatRepo.unreadIn(tx, c.id, me.id) };
      });
    },

    unreadCount: (userId: string) => chatRepo.unreadTotal(db, userId),

    /** The `chat.unread-mail` job: the notification's email copy, if still unread and wanted. */
    async mailIfUnread(conversationId: string, userId: string): Promise<void> {
      const c = await chatRepo.members(db, conversationId);
      if (!c || (await chatRepo.unreadIn(db, conversationId, userId)) === 0) return;
      const sender = await accounts.person(otherMember(c, userId), null);
      await notifications.mailCopies([userId], {
        type: 'chat_message',
        title: `Unread messages from ${sender?.fullName ?? 'a member'}`,
        message: 'You have unread messages waiting in your conversation.',
        link: `/chat/${conversationId}`,
      });
    },

    /** For video calls and later areas: a line the server writes, e.g. "Video call, 12 min". */
    async addSystemLine(
      conversationId: string,
      kind: TSystemKind,
      text: string,
      tx: DbOrTx = db,
    ): Promise<TChatMessage> {
      const c = await chatRepo.members(tx, conversationId);
      if (!c) throw notFound();
      const row = await chatRepo.insertMessage(tx, {
        conversationId,
        senderId: null,
        kind,
        body: text,
        createdAt: now(),
      });
      const message = await presentOne(row, tx);
      announce(tx, c, message);
      return message;
    },

    /** The two members of a conversation, or null when there is no such conversation. */
    async membersOf(conversationId: string, tx: DbOrTx = db): Promise<[string, string] | null> {
      if (!UUID.test(conversationId)) return null;
      const c = await chatRepo.members(tx, conversationId);
      return c ? [c.userA, c.userB] : null;
    },

    /** Whether either of the two blocked the other (calls refuse then, as sends do). */
    async isBlocked(a: string, b: string, tx: DbOrTx = db): Promise<boolean> {
      const blocks = await chatRepo.blocksBetween(tx, a, b);
      return blocks.byMe || blocks.byOther;
    },

    /**
     * The realtime room's policy: members may open it, unless the other blocked them, who then
     * reads the history over HTTP but no longer sees the blocker's typing, presence or receipts.
     */
    async mayOpen(userId: string, conversationId: string): Promise<boolean> {
      const c = await chatRepo.forMember(db, conversationId, userId);
      if (!c) return false;
      const blocks = await chatRepo.blocksBetween(db, userId, otherMember(c, userId));
      return !blocks.byOther || blocks.byMe;
    },

    mayReadUpload: (user: TUser | null, uploadId: string) =>
      user ? chatRepo.mayReadUpload(db, user.id, uploadId) : Promise.resolve(false),
    uploadsInUse: (ids: string[], tx: DbOrTx) => chatRepo.uploadsInUse(tx, ids),
  };
}

export type ChatService = ReturnType<typeof createChatService>;
