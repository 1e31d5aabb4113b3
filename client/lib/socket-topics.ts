import type { Query, QueryClient } from '@tanstack/react-query';
import type { Socket } from 'socket.io-client';
import { topicsWatch } from '#shared/realtime/client-events';
import { TOPIC_PATHS } from '#shared/realtime/events';
import { REALTIME_TOPICS, type TRealtimeTopic } from '#shared/realtime/topics';
import { emitWithAck } from './socket';

/**
 * The topics (decision 093) whose lists a page shows now: a query under one of their paths with
 * an observer. A list cached but not shown misses its events meanwhile; it is older than the
 * spec's 30 s by the time that matters, and a page showing it again fetches it then.
 */
export function watchedTopics(queries: readonly Query[]): TRealtimeTopic[] {
  const shown = new Set<unknown>();
  for (const q of queries) if (q.getObserversCount() > 0) shown.add(q.queryKey[0]);
  return REALTIME_TOPICS.filter((topic) => [...TOPIC_PATHS[topic]].some((path) => shown.has(path)));
}

/**
 * Keeps the server told which topics this socket's pages watch: `handshake` is createSocket's
 * `topics` (asked at each connection, and remembered as said), and `keep` sends `topics:watch` at
 * each change once the changes of one navigation have settled (a page's queries unmount and
 * mount in the same task), and after a connection if the set moved since its handshake.
 */
export function topicsWatcher(client: QueryClient) {
  const cache = client.getQueryCache();
  let said = '';
  const current = () => watchedTopics(cache.getAll());
  return {
    handshake(): TRealtimeTopic[] {
      const topics = current();
      said = topics.join();
      return topics;
    },
    keep(socket: Socket): () => void {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const send = () => {
        timer = undefined;
        const topics = current();
        if (!socket.connected || topics.join() === said) return;
        said = topics.join();
        void emitWithAck(socket, topicsWatch, { topics });
      };
      socket.on('connect', send);
      const stop = cache.subscribe((event) => {
        if (event.type === 'observerAdded' || event.type === 'observerRemoved' || event.type === 'removed')
          timer ??= setTimeout(send, 0);
      });
      return () => {
        stop();
        socket.off('connect', send);
        clearTimeout(timer);
      };
    },
  };
}
