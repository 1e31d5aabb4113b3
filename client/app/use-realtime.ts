import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { userQueryKey } from '../features/accounts/api/get-user';
import { addNotificationToCache } from '../features/notifications/notifications-cache';
import { bindRealtime, createSocket } from '../lib/socket';

/**
 * One socket per signed-in user, for the life of the page: opened when a user is known, closed
 * on logout or when another user signs in (the user id changes).
 */
export function useRealtime(userId: string | undefined) {
  const client = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    const socket = createSocket();
    const unbind = bindRealtime(socket, client, {
      onNotification: (n) => addNotificationToCache(client, n),
      onUnauthenticated: () => void client.invalidateQueries({ queryKey: userQueryKey }),
    });
    // After its 5 attempts socket.io rests; the polls carry on, and the network's return wakes it.
    const wake = () => {
      if (!socket.connected && !socket.active) socket.connect();
    };
    window.addEventListener('online', wake);
    socket.connect();
    return () => {
      window.removeEventListener('online', wake);
      unbind();
      socket.disconnect();
    };
  }, [userId, client]);
}
