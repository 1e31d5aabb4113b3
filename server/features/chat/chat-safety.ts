import type { Db, DbOrTx } from '#server/db/client';
import { afterCommit, transaction } from '#server/db/transaction';
import { AppError } from '#server/lib/errors';
import type { RealtimeService } from '#server/realtime/realtime.service';
import { chatRoom } from '#shared/chat/chat.realtime';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type { AccountsService } from '../accounts';
import { CHAT_KEYS } from './chat-realtime';
import { chatRepo } from './chat.repo';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Blocks, and the chat part of the privacy registry (export and erasure). A block closes the
 * conversation's room to the blocked member at once, on every process.
 */
export function createChatSafety(deps: {
  db: Db;
  accounts: AccountsService;
  realtime: RealtimeService;
  now: () => Date;
}) {
  const { db, accounts, realtime, now } = deps;
  const memberNotFound = () => new AppError('NOT_FOUND', 'Member not found.');

  return {
    async block(me: TUser, otherId: string): Promise<void> {
      if (!UUID.test(otherId) || otherId === me.id || !(await accounts.person(otherId, { id: me.id, role: me.role })))
        throw memberNotFound();
      const conversation = await transaction(db, async (tx) => {
        await chatRepo.block(tx, me.id, otherId);
        return chatRepo.findPair(tx, me.id, otherId);
      });
      if (conversation) {
        // After the commit, so a join racing the revoke already finds the block (decision 010).
        await realtime.rooms.revoke(chatRoom(conversation.id), otherId);
        for (const id of [me.id, otherId]) realtime.emitToUser(id, 'data:updated', { queryKeys: CHAT_KEYS });
      }
    },

    async unblock(me: TUser, otherId: string): Promise<void> {
      if (!UUID.test(otherId)) throw memberNotFound();
      await chatRepo.unblock(db, me.id, otherId);
      for (const id of [me.id, otherId]) realtime.emitToUser(id, 'data:updated', { queryKeys: CHAT_KEYS });
    },

    /** Privacy export: the member's conversations, the messages they wrote and whom they blocked. */
    async exportChat(userId: string, tx: DbOrTx = db) {
      const { conversations, messages, blocks } = await chatRepo.allOf(tx, userId);
      return {
        conversations: conversations.map((c) => ({
          id: c.id,
          withUserId: c.userA === userId ? c.userB : c.userA,
          context: c.contextKind ? { kind: c.contextKind, id: c.contextId } : null,
          createdAt: c.createdAt.toISOString(),
        })),
        messages: messages.map((m) => ({
          id: String(m.id),
          conversationId: m.conversationId,
          body: m.body,
          attachmentUploadId: m.attachmentUploadId,
          createdAt: m.createdAt.toISOString(),
          editedAt: m.editedAt?.toISOString() ?? null,
          deletedAt: m.deletedAt?.toISOString() ?? null,
        })),
        blocked: blocks.map((b) => ({ userId: b.blockedId, at: b.createdAt.toISOString() })),
      };
    },

    /**
     * Privacy erasure: the other member keeps the conversation; every message the erased member
     * wrote stays as a line "This message was deleted" (its words and files gone), and their
     * name shows as "Former member" through person.ts once the account is deleted.
     */
    async eraseChat(userId: string, tx: DbOrTx = db): Promise<{ erasedMessages: number }> {
      const erasedMessages = await chatRepo.eraseMessagesOf(tx, userId, now());
      afterCommit(tx, () => realtime.emitToUser(userId, 'data:updated', { queryKeys: CHAT_KEYS }));
      return { erasedMessages };
    },
  };
}

export type ChatSafety = ReturnType<typeof createChatSafety>;
