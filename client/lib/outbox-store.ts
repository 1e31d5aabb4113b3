import { createStore, del, entries, set } from 'idb-keyval';
import { apiPost } from './api-client';
import { bodyToSend, createOutbox, memoryStorage, type OutboxStorage, type QueuedWrite } from './outbox';

/** The page's one outbox, in IndexedDB: closing the tab loses nothing (decision 074). */
function idbStorage(): OutboxStorage {
  const store = createStore('blet-outbox', 'writes');
  return {
    all: async () => (await entries<string, QueuedWrite>(store)).map(([, w]) => w),
    put: (w) => set(w.id, w, store),
    remove: (id) => del(id, store),
  };
}

export const outbox = createOutbox(
  // Without IndexedDB (a test's DOM, a locked-down browser) the queue lasts as long as the page.
  typeof indexedDB === 'undefined' ? memoryStorage() : idbStorage(),
  (w) => apiPost<unknown>(w.path, bodyToSend(w)),
  () => navigator.onLine,
);
