import { z } from 'zod';
import { defineJob, UNHURRIED } from '#server/queue/define-job';
import type { QueueService } from '#server/queue/queue.service';
import type { ChatService } from './chat.service';

/**
 * The email copy of a chat_message notification, 15 minutes after it, if the conversation is
 * still unread then. One per member and conversation (keyed); reading cancels it.
 */
export const unreadMailJob = defineJob({
  name: 'chat.unread-mail',
  latencySeconds: UNHURRIED,
  schema: z.object({ conversationId: z.uuid(), userId: z.uuid() }),
  keyed: true,
});

export const unreadMailKey = (conversationId: string, userId: string) => `chat-unread:${conversationId}:${userId}`;

export function registerChatJobs(jobs: QueueService, chat: ChatService) {
  jobs.handle(unreadMailJob, ({ conversationId, userId }) => chat.mailIfUnread(conversationId, userId));
}
