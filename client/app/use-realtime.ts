import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * One socket per signed-in user, for the life of the page: opened when a user is known, closed
 * on logout or when another user signs in (the user id changes). The socket client, the event
 * schemas and the outbox load then, in one chunk: a signed-out visit never downloads them
 * (decisions 012 and 074).
 */
export function useRealtime(userId: string | undefined) {
  const client = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('./realtime-session').then(({ startRealtime }) => {
      if (!cancelled) stop = startRealtime(client, userId);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [userId, client]);
}
