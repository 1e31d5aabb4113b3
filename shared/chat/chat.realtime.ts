import { z } from 'zod';
import { defineClientEvent } from '../realtime/client-events';
import { defineSignal } from '../realtime/signals';
import { ZChatMessage } from './chat.schemas';

/** The server-owned room of one conversation: only its two members are let in. */
export const chatRoom = (conversationId: string) => `chat:${conversationId}`;

/** A member's receipts moved forward: everything up to these ids was delivered / read. */
const ZReceipt = z.object({
  conversationId: z.string(),
  userId: z.string(),
  lastDeliveredId: z.string(),
  lastReadId: z.string(),
});
export const chatReceiptSignal = defineSignal('chat:receipt', ZReceipt);

/**
 * A message was sent, edited or deleted: the room's tabs put it in place by id. A send that
 * reached the recipient's open tab carries their moved receipt, one event instead of two.
 */
export const chatMessageSignal = defineSignal(
  'chat:message',
  z.object({ conversationId: z.string(), message: ZChatMessage, receipt: ZReceipt.optional() }),
);

/** Relayed to the room's other tabs and never stored. */
export const chatTypingSignal = defineSignal(
  'chat:typing',
  z.object({ conversationId: z.string(), userId: z.string() }),
);

/** "I am typing" in an open conversation; the client sends it at most every few seconds. */
export const chatTyping = defineClientEvent(
  'chat:typing',
  z.object({ conversationId: z.string().uuid() }),
  z.object({}),
);
