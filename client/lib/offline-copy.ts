import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { clear, createStore, del, get, set } from 'idb-keyval';
import { NetworkError } from './api-client';

/**
 * The offline copy (decision 074): what a member last saw, kept in IndexedDB per member and read
 * only when the network is down. The in-memory cache keeps the spec's timings (stale after 30 s,
 * gone after 300 s); this copy is a separate store, written as answers arrive. Plain
 * `setQueryData` both ways: TanStack's dehydrate/hydrate would pull their code into the entry's
 * query chunk (decision 012's budget), and the persister packages bring a second query-core.
 */
const store = createStore('blet-offline', 'queries');
const LAST_USER = 'last-user';
const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** A new shape of the saved answers: bump it and old copies are ignored. */
const VERSION = 1;
/** The recent conversations whose newest page of messages is kept, and how many of its messages. */
const KEPT_THREADS = 10;
const THREAD_MESSAGES = 50;
/** Answers arrive in bursts (a page asks for several): one write per burst. */
const SAVE_AFTER_MS = 500;

/** The first segment of each kept query key (keys are request paths: see courses' query-keys.ts). */
const KEPT = new Set([
  'user',
  '/api/user/enrollments',
  '/api/notifications',
  '/api/notifications/unread-count',
  '/api/chat/conversations',
  '/api/chat/unread-count',
  'chat-messages',
  '/api/user/saved-jobs',
  '/api/mentorship/sessions',
  '/api/certificates',
]);

interface SavedAnswer {
  key: QueryKey;
  data: unknown;
  at: number;
}
interface SavedCopy {
  version: number;
  savedAt: number;
  answers: SavedAnswer[];
}

/** A course's page, content and progress (an id second), never a catalogue search (an object second). */
function kept(query: Query): boolean {
  if (query.state.status !== 'success') return false;
  const [head, second] = query.queryKey;
  if (head === '/api/courses') return typeof second === 'string';
  return typeof head === 'string' && KEPT.has(head);
}

/** A thread keeps its newest page only, at most 50 messages (older pages scrolled in are not kept). */
function newestPage(data: unknown): unknown {
  const d = data as { pages?: { messages?: unknown[] }[]; pageParams?: unknown[] };
  const first = d.pages?.[0];
  if (!first) return data;
  return {
    pages: [{ ...first, messages: first.messages?.slice(0, THREAD_MESSAGES) }],
    pageParams: [d.pageParams?.[0]],
  };
}

export function snapshot(client: QueryClient): SavedAnswer[] {
  const queries = client.getQueryCache().getAll().filter(kept);
  const threads = queries
    .filter((q) => q.queryKey[0] === 'chat-messages')
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
    .slice(0, KEPT_THREADS);
  return queries
    .filter((q) => q.queryKey[0] !== 'chat-messages' || threads.includes(q))
    .map((q) => ({
      key: q.queryKey,
      data: q.queryKey[0] === 'chat-messages' ? newestPage(q.state.data) : q.state.data,
      at: q.state.dataUpdatedAt,
    }));
}

/** Fills only what memory lacks: an answer fetched on this page is never replaced by the copy. */
export function restoreAnswers(client: QueryClient, answers: SavedAnswer[]) {
  for (const a of answers) {
    if (client.getQueryData(a.key) === undefined) client.setQueryData(a.key, a.data, { updatedAt: a.at });
  }
}

const copyKey = (userId: string) => `queries:${userId}`;
const userIdOf = (client: QueryClient) => client.getQueryData<{ id?: string } | null>(['user'])?.id;

type AfterRestore = (userId: string) => Promise<void>;

async function restore(client: QueryClient, after?: AfterRestore) {
  const userId = await get<string>(LAST_USER, store);
  if (!userId || (userIdOf(client) && userIdOf(client) !== userId)) return;
  const copy = await get<SavedCopy>(copyKey(userId), store);
  if (copy && copy.version === VERSION && Date.now() - copy.savedAt <= MAX_AGE_MS) restoreAnswers(client, copy.answers);
  await after?.(userId);
}

/**
 * Saves kept answers as they arrive, and restores the copy when the page starts offline, goes
 * offline, or the user cannot be fetched for want of a network. `after` restores more of the same
 * member's (their downloads) on the same occasions.
 */
export function startOfflineCopy(client: QueryClient, after?: AfterRestore) {
  if (typeof indexedDB === 'undefined') return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      const userId = userIdOf(client);
      if (!userId) return;
      const copy: SavedCopy = { version: VERSION, savedAt: Date.now(), answers: snapshot(client) };
      void set(LAST_USER, userId, store).then(() => set(copyKey(userId), copy, store));
    }, SAVE_AFTER_MS);
  };
  const unreachable = (query: Query | undefined) =>
    query?.queryKey[0] === 'user' && query.state.error instanceof NetworkError && !query.state.data;
  // Started once the user's answer is known (app/providers.tsx): it may have failed already.
  if (!navigator.onLine || unreachable(client.getQueryCache().find({ queryKey: ['user'] })))
    void restore(client, after);
  window.addEventListener('offline', () => void restore(client, after));
  client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    const { query } = event;
    if (unreachable(query)) {
      void restore(client, after);
      return;
    }
    if (event.action.type === 'success' && kept(query)) save();
  });
  // The answers that arrived before this chunk did (the user's, at least).
  save();
}

/** Logout, a session that ended, a deletion request: nothing of the member stays on the device. */
export async function wipeOfflineCopy(userId: string | undefined) {
  if (typeof indexedDB === 'undefined') return;
  if (!userId) return clear(store);
  await del(copyKey(userId), store);
  if ((await get<string>(LAST_USER, store)) === userId) await del(LAST_USER, store);
}
