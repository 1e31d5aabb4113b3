import { z } from 'zod';
import { ZUpload } from '../uploads/uploads.schemas';
import { formatNumber } from '../format';

/** Issue 12: a message's text, at most this many characters. */
export const MESSAGE_MAX = 4_000;
/** A page of history, newest first. */
export const MESSAGES_PAGE = 30;
/** How long after sending its author may still edit a message. */
export const EDIT_WINDOW_MS = 15 * 60_000;
/** An unread message is copied by email (if the member wants chat mail) after this long. */
export const EMAIL_AFTER_MS = 15 * 60_000;
export const DELETED_BODY = 'This message was deleted';

/**
 * What a conversation was started from, shown as a chip linking back. Each area that offers
 * "Message" adds its kind here, with the page the chip links to.
 */
export const CONTEXT_KINDS = {
  profile: { label: 'Profile', href: (id: string) => `/u/${encodeURIComponent(id)}` },
  job: { label: 'Job', href: (id: string) => `/jobs/${encodeURIComponent(id)}` },
  gig: { label: 'Gig', href: (id: string) => `/gigs/${encodeURIComponent(id)}` },
} as const satisfies Record<string, { label: string; href: (id: string) => string }>;
export type TContextKind = keyof typeof CONTEXT_KINDS;
const contextKinds = Object.keys(CONTEXT_KINDS) as [TContextKind, ...TContextKind[]];

export const ZChatContext = z.object({ kind: z.enum(contextKinds), id: z.string().min(1).max(100) });
export type TChatContext = z.infer<typeof ZChatContext>;

/** Lines that are not a member's words: a call's summary, written by the server. */
export const SYSTEM_KINDS = ['call'] as const;
export const MESSAGE_KINDS = ['text', ...SYSTEM_KINDS] as const;
export type TMessageKind = (typeof MESSAGE_KINDS)[number];
export type TSystemKind = (typeof SYSTEM_KINDS)[number];

const ZId = z.string().regex(/^\d{1,18}$/, 'Not a message id');

export const ZStartConversation = z.object({ userId: z.string().min(1).max(100), context: ZChatContext.optional() });

export const ZChatPerson = z.object({
  id: z.string(),
  username: z.string(),
  fullName: z.string(),
  avatarUrl: z.string().nullable(),
});

export const ZChatMessage = z.object({
  id: z.string(),
  conversationId: z.string(),
  /** Null for a system line. */
  senderId: z.string().nullable(),
  kind: z.enum(MESSAGE_KINDS),
  body: z.string(),
  clientId: z.string().nullable(),
  attachment: ZUpload.nullable(),
  replyTo: z.object({ id: z.string(), senderId: z.string().nullable(), body: z.string() }).nullable(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  deleted: z.boolean(),
});
export type TChatMessage = z.infer<typeof ZChatMessage>;

export const ZConversation = z.object({
  id: z.string(),
  other: ZChatPerson,
  context: ZChatContext.nullable(),
  lastMessage: ZChatMessage.nullable(),
  unreadCount: z.number().int(),
  /** The other member's receipts: every message of mine up to these ids was delivered / read. */
  otherLastDeliveredId: z.string(),
  otherLastReadId: z.string(),
  /** I blocked them / they blocked me: sending is closed either way. */
  blockedByMe: z.boolean(),
  blocked: z.boolean(),
});
export type TConversation = z.infer<typeof ZConversation>;

export const ZConversationList = z.object({ conversations: z.array(ZConversation) });

export const ZConversationParams = z.object({ id: z.string() });
export const ZMessageParams = z.object({ id: z.string(), messageId: z.string() });

export const ZMessagesQuery = z.object({
  before: ZId.optional(),
  /** Catch-up after a reconnect: messages newer than this id, oldest first. */
  after: ZId.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(MESSAGES_PAGE),
  q: z.string().trim().min(1).max(200).optional(),
});
export type TMessagesQuery = z.infer<typeof ZMessagesQuery>;
export const ZMessagePage = z.object({ messages: z.array(ZChatMessage), nextCursor: z.string().nullable() });
export type TMessagePage = z.infer<typeof ZMessagePage>;

export const ZSendMessage = z
  .object({
    body: z
      .string()
      .trim()
      .max(MESSAGE_MAX, `At most ${formatNumber(MESSAGE_MAX)} characters`)
      .default(''),
    clientId: z.string().min(1).max(64).optional(),
    attachmentUploadId: z.string().uuid().optional(),
    replyToId: ZId.optional(),
  })
  .refine((m) => m.body.length > 0 || m.attachmentUploadId, {
    message: 'Write a message or attach a file',
    path: ['body'],
  });
export type TSendMessage = z.infer<typeof ZSendMessage>;

export const ZEditMessage = z.object({
  body: z
    .string()
    .trim()
    .min(1, 'Write a message')
    .max(MESSAGE_MAX, `At most ${formatNumber(MESSAGE_MAX)} characters`),
});
export const ZMarkRead = z.object({ messageId: ZId });
export const ZReadResult = z.object({ lastReadId: z.string(), unreadCount: z.number().int() });
export const ZChatUnread = z.object({ count: z.number().int() });
export const ZBlockInput = z.object({ userId: z.string().min(1).max(100) });
export const ZBlockParams = z.object({ userId: z.string() });
export const ZBlockResult = z.object({ blocked: z.boolean() });
