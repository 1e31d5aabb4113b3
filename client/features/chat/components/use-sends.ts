import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TChatMessage } from '#shared/chat/chat.schemas';
import type { TUpload } from '#shared/uploads/uploads.schemas';
import { toast } from '#client/lib/toast';
import { sendMessage } from '../api/chat-mutations';
import { conversationsKey, mergeMessages } from '../api/chat-queries';

export interface PendingSend {
  clientId: string;
  body: string;
  attachment?: TUpload;
  replyToId?: string;
  failed: boolean;
}

/**
 * Sends with a clientId made here once: retrying a failed send reuses it, so a send whose answer
 * was lost is not stored twice. A pending line shows until the message is in the thread.
 */
export function useSends(conversationId: string) {
  const client = useQueryClient();
  const [pending, setPending] = useState<PendingSend[]>([]);

  async function attempt(p: PendingSend) {
    setPending((all) => all.map((x) => (x.clientId === p.clientId ? { ...x, failed: false } : x)));
    try {
      const message = await sendMessage(conversationId, {
        body: p.body,
        clientId: p.clientId,
        attachmentUploadId: p.attachment?.id,
        replyToId: p.replyToId,
      });
      mergeMessages(client, conversationId, [message]);
      setPending((all) => all.filter((x) => x.clientId !== p.clientId));
      void client.invalidateQueries({ queryKey: conversationsKey });
    } catch (err) {
      setPending((all) => all.map((x) => (x.clientId === p.clientId ? { ...x, failed: true } : x)));
      toast({ title: err instanceof Error ? err.message : 'Your message was not sent.', variant: 'destructive' });
    }
  }

  return {
    pending,
    send(body: string, attachment: TUpload | undefined, replyTo: TChatMessage | null) {
      const p: PendingSend = { clientId: crypto.randomUUID(), body, attachment, replyToId: replyTo?.id, failed: false };
      setPending((all) => [...all, p]);
      void attempt(p);
    },
    retry: (p: PendingSend) => void attempt(p),
    discard: (p: PendingSend) => setPending((all) => all.filter((x) => x.clientId !== p.clientId)),
  };
}
