import { useSyncExternalStore } from 'react';
import type { TChatMessage, TSendMessage } from '#shared/chat/chat.schemas';
import type { TUpload } from '#shared/uploads/uploads.schemas';
import { outbox } from '#client/lib/outbox-store';

export interface PendingSend {
  clientId: string;
  body: string;
  attachment?: TUpload;
  /** queued: waits for the network (a clock); sending: on its way; failed: the server refused it. */
  state: 'queued' | 'sending' | 'failed';
  /** The server's sentence when it refused the message. */
  refused?: string;
}

const path = (conversationId: string) => `/api/chat/conversations/${encodeURIComponent(conversationId)}/messages`;

/**
 * Sends go through the device's outbox (decision 074): kept in IndexedDB with a clientId made
 * here once, sent at once when online or when the network returns, so a message typed offline
 * is neither lost nor, when an answer was lost, stored twice. A pending line shows until the
 * message is in the thread; the app merges each sent message into the thread (useRealtime).
 */
export function useSends(conversationId: string, meId: string) {
  const { writes, sending } = useSyncExternalStore(outbox.subscribe, outbox.snapshot);
  const pending: PendingSend[] = writes
    .filter((w) => w.kind === 'chat' && w.scope === conversationId && w.userId === meId)
    .map((w) => ({
      clientId: w.id,
      body: (w.body as TSendMessage).body ?? '',
      attachment: (w.meta as { attachment?: TUpload } | undefined)?.attachment,
      state: w.refused ? 'failed' : sending === w.id ? 'sending' : 'queued',
      refused: w.refused,
    }));

  return {
    pending,
    send(body: string, attachment: TUpload | undefined, replyTo: TChatMessage | null) {
      const clientId = crypto.randomUUID();
      const input: TSendMessage = { body, clientId, attachmentUploadId: attachment?.id, replyToId: replyTo?.id };
      void outbox.add({
        id: clientId,
        userId: meId,
        kind: 'chat',
        scope: conversationId,
        path: path(conversationId),
        body: input,
        meta: { attachment },
      });
    },
    retry: (p: PendingSend) => void outbox.retry(p.clientId),
    discard: (p: PendingSend) => void outbox.discard(p.clientId),
  };
}
