import type { QueryClient } from '@tanstack/react-query';
import { ZChatMessage } from '#shared/chat/chat.schemas';
import type { QueuedWrite } from '#client/lib/outbox';
import { conversationsKey, mergeMessages } from './chat-queries';

/** A message the outbox delivered (maybe after a reconnect, maybe with the thread closed): into the thread. */
export function applySentChat(client: QueryClient, write: QueuedWrite, answer: unknown) {
  if (write.kind !== 'chat') return;
  mergeMessages(client, write.scope, [ZChatMessage.parse(answer)]);
  void client.invalidateQueries({ queryKey: conversationsKey });
}
