import type { Socket } from 'socket.io-client';
import { callAnswer, callDecline, callRing, callRingEnded } from '#shared/calls/calls.schemas';
import { emitWithAck, onSignal } from '#client/lib/socket';
import { ringStore, type RingStore } from './ring-store';

/** Accept and Decline go out over the page's socket; set while one is bound. */
let actions: { answer: (room: string) => void; decline: (room: string) => void } | null = null;

/**
 * Wires the page's socket to the ring (decision 051): `call:ring` shows the dialog, `call:ring-ended`
 * (answered on another tab, declined, missed, the caller left) hides it. Returns the unbinding.
 */
export function bindRings(socket: Socket, store: RingStore = ringStore): () => void {
  const offs = [
    onSignal(socket, callRing, (ring) => store.ring(ring)),
    onSignal(socket, callRingEnded, ({ room }) => store.stop(room)),
  ];
  actions = {
    answer: (room) => void emitWithAck(socket, callAnswer, { room }),
    decline: (room) => void emitWithAck(socket, callDecline, { room }),
  };
  return () => {
    offs.forEach((off) => off());
    actions = null;
  };
}

export const answerRing = (room: string) => {
  ringStore.stop(room);
  actions?.answer(room);
};

export const declineRing = (room: string) => {
  ringStore.stop(room);
  actions?.decline(room);
};
