import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { userQueryKey } from '../features/accounts';

/**
 * One socket per signed-in user, for the life of the page: opened when a user is known, closed
 * on logout or when another user signs in (the user id changes). The socket client and the event
 * schemas load then, in their own chunk: a signed-out visit never downloads them (decision 012).
 */
export function useRealtime(userId: string | undefined) {
  const client = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void Promise.all([import('../lib/socket'), import('../features/notifications'), import('../features/calls')]).then(
      ([{ bindRealtime, createSocket }, { addNotificationToCache }, { bindRings }]) => {
        if (cancelled) return;
        const socket = createSocket();
        const unbind = bindRealtime(socket, client, {
          onNotification: (n) => addNotificationToCache(client, n),
          onUnauthenticated: () => void client.invalidateQueries({ queryKey: userQueryKey }),
        });
        const unbindRings = bindRings(socket);
        // After its 5 attempts socket.io rests; the polls carry on, and the network's return wakes it.
        const wake = () => {
          if (!socket.connected && !socket.active) socket.connect();
        };
        window.addEventListener('online', wake);
        socket.connect();
        stop = () => {
          window.removeEventListener('online', wake);
          unbind();
          unbindRings();
          socket.disconnect();
        };
      },
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [userId, client]);
}
