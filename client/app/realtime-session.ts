import type { QueryClient } from '@tanstack/react-query';
import { userQueryKey } from '../features/accounts';
import { applySentChat } from '../features/chat';
import { applySentLearning } from '../features/courses';
import { bindRings } from '../features/calls';
import { addNotificationToCache } from '../features/notifications';
import { outbox } from '../lib/outbox-store';
import { bindRealtime, createSocket } from '../lib/socket';
import { topicsWatcher } from '../lib/socket-topics';

/** Decision 080: downloads of courses no longer enrolled go; the sync loads in its own chunk. */
function startDownloads(client: QueryClient, userId: string): () => void {
  let stop: (() => void) | undefined;
  let stopped = false;
  void import('./downloads-sync').then((m) => {
    if (!stopped) stop = m.startDownloadsSync(client, userId);
  });
  return () => {
    stopped = true;
    stop?.();
  };
}

/**
 * A signed-in member's live connection, loaded as one chunk after the page (decision 012): the
 * socket, its events, rings, and the outbox's sending (decision 074). Returns the way to stop.
 */
export function startRealtime(client: QueryClient, userId: string): () => void {
  const topics = topicsWatcher(client);
  const socket = createSocket(topics.handshake);
  const unwatch = topics.keep(socket);
  const unbind = bindRealtime(socket, client, {
    onNotification: (n) => addNotificationToCache(client, n),
    onUnauthenticated: () => void client.invalidateQueries({ queryKey: userQueryKey }),
  });
  const unbindRings = bindRings(socket);
  // Writes kept offline go when the page starts, and when the network or the socket returns.
  const flush = () => void outbox.flush(userId);
  const unsent = outbox.onSent((write, answer) => {
    applySentChat(client, write, answer);
    applySentLearning(client, write, answer);
  });
  socket.on('connect', flush);
  // After the spec's 5 attempts socket.io rests; the network's return or the member coming back
  // to the tab starts it again (the polls carry on meanwhile).
  const wake = () => {
    if (document.visibilityState !== 'visible' || !navigator.onLine) return;
    flush();
    if (!socket.connected && !socket.active) socket.connect();
  };
  window.addEventListener('online', wake);
  document.addEventListener('visibilitychange', wake);
  socket.connect();
  flush();
  const stopSync = startDownloads(client, userId);
  return () => {
    stopSync();
    window.removeEventListener('online', wake);
    document.removeEventListener('visibilitychange', wake);
    socket.off('connect', flush);
    unsent();
    unwatch();
    unbind();
    unbindRings();
    socket.disconnect();
  };
}
