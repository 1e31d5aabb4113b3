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

/** Said when the server's set is not known (a refusal, no answer): any set differs from it. */
const UNKNOWN = '?';
/** How long after a refused `topics:watch` it is sent again. */
const RETRY_MS = 2_000;

/**
 * Keeps the server told which topics this socket's pages watch: `handshake` is createSocket's
 * `topics` (asked at each connection, and remembered as said), and `keep` sends `topics:watch` at
 * each change once the changes of one navigation have settled (a page's queries unmount and
 * mount in the same task), and after a connection if the set moved since its handshake. One
 * message at a time, so that the server applies them in order; the set is compared again when
 * its answer comes.
 *
 * A topic watched again after a while refreshes the lists under it whose data is older than the
 * message: they were cached while their events went elsewhere (a page left and come back to
 * within the 30 s in which TanStack Query would not fetch it again by itself).
 */
export function topicsWatcher(client: QueryClient) {
  const cache = client.getQueryCache();
  let said = '';
  const current = () => watchedTopics(cache.getAll());
  const refresh = (topics: TRealtimeTopic[], before: number) => {
    const paths = new Set(topics.flatMap((t) => [...TOPIC_PATHS[t]]));
    if (paths.size === 0) return;
    void client.invalidateQueries({
      type: 'active',
      predicate: (q) =>
        paths.has(q.queryKey[0] as string) && q.state.fetchStatus === 'idle' && q.state.dataUpdatedAt < before,
    });
  };
  return {
    handshake(): TRealtimeTopic[] {
      const topics = current();
      said = topics.join();
      return topics;
    },
    keep(socket: Socket): () => void {
      let timer: ReturnType<typeof setTimeout> | undefined;
      let waiting = false;
      const later = (ms: number) => (timer ??= setTimeout(send, ms));
      function send() {
        timer = undefined;
        const topics = current();
        if (waiting || !socket.connected || topics.join() === said) return;
        const before = new Set(said.split(','));
        const asked = Date.now();
        waiting = true;
        void emitWithAck(socket, topicsWatch, { topics }).then((answer) => {
          waiting = false;
          if (!answer.ok) {
            said = UNKNOWN;
            return later(RETRY_MS);
          }
          said = topics.join();
          refresh(
            topics.filter((t) => !before.has(t)),
            asked,
          );
          send();
        });
      }
      socket.on('connect', send);
      const stop = cache.subscribe((event) => {
        if (event.type === 'observerAdded' || event.type === 'observerRemoved' || event.type === 'removed') later(0);
      });
      return () => {
        stop();
        socket.off('connect', send);
        clearTimeout(timer);
      };
    },
  };
}
