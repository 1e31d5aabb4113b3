import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Socket } from 'socket.io-client';
import {
  chatMessageSignal,
  chatReceiptSignal,
  chatRoom,
  chatTyping,
  chatTypingSignal,
} from '#shared/chat/chat.realtime';
import type { TSignalPayload } from '#shared/realtime/signals';
import { createSocket, emitWithAck, keepInRoom, onSignal } from '#client/lib/socket';
import { conversationsKey, mergeMessages, messagesAfter, newestCachedId } from '../api/chat-queries';

/** How long "typing…" shows after the last signal, and how often this side sends one. */
const TYPING_SHOWN_MS = 4_000;
const TYPING_EVERY_MS = 2_500;

/** The later of two message ids (bigint strings). */
const later = (a: string | undefined, b: string) => (a !== undefined && BigInt(a) > BigInt(b) ? a : b);

export interface Receipts {
  lastDeliveredId: string;
  lastReadId: string;
}

/**
 * The open conversation, live: a socket of the chat screen's own in the conversation's room.
 * Messages land in the cached thread by id (so a message that also comes back from the send's
 * answer is never doubled); after a reconnect the thread fetches everything after its newest id.
 * The thread is keyed by conversation, so its state starts afresh with each one.
 */
export function useChatLive(conversationId: string, otherId: string | undefined) {
  const client = useQueryClient();
  const socketRef = useRef<Socket | null>(null);
  const [typing, setTyping] = useState(false);
  const [receipts, setReceipts] = useState<Receipts | null>(null);
  const lastTypingSent = useRef(0);

  useEffect(() => {
    const socket = createSocket(() => []);
    socketRef.current = socket;
    let typingTimer: ReturnType<typeof setTimeout> | undefined;
    let connectedBefore = false;
    const catchUp = async () => {
      const after = newestCachedId(client, conversationId);
      if (after) mergeMessages(client, conversationId, await messagesAfter(conversationId, after));
    };
    const onConnect = () => {
      if (connectedBefore) void catchUp().catch(() => undefined);
      connectedBefore = true;
    };
    socket.on('connect', onConnect);
    const leave = keepInRoom(socket, chatRoom(conversationId));
    const onReceipt = (r: TSignalPayload<typeof chatReceiptSignal>) => {
      if (r.conversationId !== conversationId || r.userId !== otherId) return;
      // Only forward: a line presented later (a reply) can carry an older receipt than one already here.
      setReceipts((was) => ({
        lastDeliveredId: later(was?.lastDeliveredId, r.lastDeliveredId),
        lastReadId: later(was?.lastReadId, r.lastReadId),
      }));
    };
    const offs = [
      onSignal(socket, chatMessageSignal, ({ conversationId: id, message, receipt }) => {
        if (id !== conversationId) return;
        mergeMessages(client, id, [message]);
        if (message.senderId === otherId) setTyping(false);
        if (receipt) onReceipt(receipt);
      }),
      onSignal(socket, chatReceiptSignal, onReceipt),
      onSignal(socket, chatTypingSignal, (t) => {
        if (t.conversationId !== conversationId || t.userId !== otherId) return;
        setTyping(true);
        clearTimeout(typingTimer);
        typingTimer = setTimeout(() => setTyping(false), TYPING_SHOWN_MS);
      }),
    ];
    socket.connect();
    return () => {
      clearTimeout(typingTimer);
      offs.forEach((off) => off());
      leave();
      socket.off('connect', onConnect);
      socket.disconnect();
      socketRef.current = null;
      void client.invalidateQueries({ queryKey: conversationsKey });
    };
  }, [client, conversationId, otherId]);

  /** Called on every keystroke; sends at most one signal every few seconds. */
  function sayTyping() {
    const socket = socketRef.current;
    if (!socket?.connected || Date.now() - lastTypingSent.current < TYPING_EVERY_MS) return;
    lastTypingSent.current = Date.now();
    void emitWithAck(socket, chatTyping, { conversationId });
  }

  return { typing, receipts, sayTyping };
}
