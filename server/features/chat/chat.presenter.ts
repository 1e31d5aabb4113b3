import { DELETED_BODY, type TChatContext, type TChatMessage, type TConversation } from '#shared/chat/chat.schemas';
import type { TUpload } from '#shared/uploads/uploads.schemas';
import { presentPerson, type PersonRow, type Viewer } from '../accounts';
import type { ConversationRow, MessageRow, MessageWithReply } from './chat.repo';

/** A deleted message keeps its place and says so; its words and file are gone for everyone. */
export function presentMessage(
  { message: m, replyTo }: MessageWithReply,
  attachments: Map<string, TUpload>,
): TChatMessage {
  const deleted = m.deletedAt !== null;
  return {
    id: String(m.id),
    conversationId: m.conversationId,
    senderId: m.senderId,
    kind: m.kind,
    body: deleted ? DELETED_BODY : m.body,
    clientId: m.clientId,
    attachment: !deleted && m.attachmentUploadId ? (attachments.get(m.attachmentUploadId) ?? null) : null,
    replyTo:
      replyTo?.id != null
        ? {
            id: String(replyTo.id),
            senderId: replyTo.senderId,
            body: replyTo.deletedAt ? DELETED_BODY : (replyTo.body ?? '').slice(0, 200),
          }
        : null,
    createdAt: m.createdAt.toISOString(),
    editedAt: m.editedAt?.toISOString() ?? null,
    deleted,
  };
}

export function contextOf(c: ConversationRow): TChatContext | null {
  return c.contextKind && c.contextId ? { kind: c.contextKind, id: c.contextId } : null;
}

export interface ListRow {
  conversation: ConversationRow;
  other: PersonRow;
  last: MessageRow | null;
  theirs: { lastReadId: number; lastDeliveredId: number };
  unreadCount: number;
  blockedByMe: boolean;
  blockedByOther: boolean;
}

export function presentConversation(row: ListRow, viewer: Viewer, attachments: Map<string, TUpload>): TConversation {
  return {
    id: row.conversation.id,
    other: presentPerson(row.other, viewer),
    context: contextOf(row.conversation),
    lastMessage: row.last ? presentMessage({ message: row.last, replyTo: null }, attachments) : null,
    unreadCount: row.unreadCount,
    otherLastDeliveredId: String(row.theirs.lastDeliveredId),
    otherLastReadId: String(row.theirs.lastReadId),
    blockedByMe: row.blockedByMe,
    blocked: row.blockedByMe || row.blockedByOther,
  };
}
