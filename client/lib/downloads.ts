import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { clear, createStore, del, entries, get, set, type UseStore } from 'idb-keyval';

/**
 * Downloads for offline (decision 080): what a member chose to keep on the device, per member.
 * The record (the API answers the screens need, the files' addresses and sizes) is in IndexedDB;
 * the files themselves in Cache Storage, one cache per member, as the server answered them
 * through its access-checked routes: a response streams to disk without passing through memory,
 * and reads back as a disk-backed blob. The service worker never answers from these caches: the
 * screens ask for a file's object URL instead (`savedFileUrl`).
 */
let opened: UseStore | undefined;
/** Opened at first use: importing this module (a unit test, a page without IndexedDB) opens nothing. */
const store = () => (opened ??= createStore('blet-downloads', 'downloads'));
const CACHE_PREFIX = 'blet-downloads:';
const cacheName = (userId: string) => `${CACHE_PREFIX}${userId}`;
const recordKey = (userId: string, id: string) => `${userId}:${id}`;

/** The member's downloads as a query (read from the device, never from the network). */
export const downloadsKey = (userId: string | undefined) => ['downloads', userId ?? ''] as const;

export interface SavedAnswer {
  key: QueryKey;
  data: unknown;
}
export interface SavedFile {
  url: string;
  bytes: number;
}
export interface Download {
  /** What was downloaded (a course's id). */
  id: string;
  userId: string;
  title: string;
  savedAt: number;
  answers: SavedAnswer[];
  files: SavedFile[];
  /** Files and answers together: what the device holds for it. */
  bytes: number;
  videos: boolean;
}
export type DownloadRequest = Pick<Download, 'id' | 'title' | 'answers' | 'videos'> & { files: SavedFile[] };

/** Why a download stopped, each with a sentence the screen shows (download-errors in the courses feature). */
export type DownloadFailure = 'quota' | 'refused' | 'network' | 'aborted';
export class DownloadError extends Error {
  constructor(
    readonly reason: DownloadFailure,
    /** Quota: the bytes asked for, and the bytes the browser still allows when it said so. */
    readonly needed = 0,
    readonly available?: number,
    options?: ErrorOptions,
  ) {
    super(`Download failed: ${reason}`, options);
  }
}

/** Cache Storage is for secure pages only (https, localhost): elsewhere there is no download button. */
export const downloadsSupported = () => typeof caches !== 'undefined' && typeof indexedDB !== 'undefined';

export async function listDownloads(userId: string): Promise<Download[]> {
  if (!downloadsSupported()) return [];
  const all = await entries<string, Download>(store());
  return all
    .filter(([key]) => key.startsWith(`${userId}:`))
    .map(([, d]) => d)
    .sort((a, b) => b.savedAt - a.savedAt);
}

export async function getDownload(userId: string, id: string): Promise<Download | null> {
  if (!downloadsSupported()) return null;
  return (await get<Download>(recordKey(userId, id), store())) ?? null;
}

const isQuotaError = (err: unknown) => err instanceof DOMException && err.name === 'QuotaExceededError';

/** Asks the browser not to clear the downloads under storage pressure; it may say no. */
async function askToPersist() {
  try {
    await navigator.storage?.persist?.();
  } catch {
    // A refusal is an answer, not a failure: the downloads work, only less durably.
  }
}

/** The room left before a byte moves: a clear sentence beats a half-saved course. */
async function checkRoom(needed: number) {
  const estimate = await navigator.storage?.estimate?.().catch(() => undefined);
  if (!estimate?.quota) return;
  const available = Math.max(0, estimate.quota - (estimate.usage ?? 0));
  if (needed > available) throw new DownloadError('quota', needed, available);
}

/**
 * Saves the files (through the server's own routes, with the member's session: it decides what
 * may be read) and then the record. A failure part-way removes what this download added.
 */
export async function saveDownload(
  userId: string,
  request: DownloadRequest,
  { signal, onProgress }: { signal?: AbortSignal; onProgress?: (savedBytes: number) => void } = {},
): Promise<Download> {
  await askToPersist();
  const planned = request.files.reduce((sum, f) => sum + f.bytes, 0);
  await checkRoom(planned);
  const cache = await caches.open(cacheName(userId));
  const before = await listDownloads(userId);
  const kept = new Set(before.flatMap((d) => d.files.map((f) => f.url)));
  const added: string[] = [];
  const files: SavedFile[] = [];
  let saved = 0;
  let progress = 0;
  try {
    for (const file of request.files) {
      const response = await fetch(file.url, { credentials: 'same-origin', signal }).catch((err: unknown) => {
        throw new DownloadError(signal?.aborted ? 'aborted' : 'network', 0, undefined, { cause: err });
      });
      if (!response.ok) throw new DownloadError(response.status >= 500 ? 'network' : 'refused');
      const bytes = Number(response.headers.get('content-length')) || file.bytes;
      await cache.put(file.url, response).catch((err: unknown) => {
        if (isQuotaError(err)) throw new DownloadError('quota', planned);
        throw new DownloadError(signal?.aborted ? 'aborted' : 'network', 0, undefined, { cause: err });
      });
      if (!kept.has(file.url)) added.push(file.url);
      files.push({ url: file.url, bytes });
      saved += bytes;
      // Counted as planned, so the bar ends at the total it showed (a certificate's PDF has no planned size).
      progress += file.bytes;
      onProgress?.(progress);
    }
    const answersBytes = new Blob([JSON.stringify(request.answers)]).size;
    const download: Download = {
      ...request,
      userId,
      files,
      savedAt: Date.now(),
      bytes: saved + answersBytes,
    };
    await set(recordKey(userId, request.id), download, store()).catch((err: unknown) => {
      throw isQuotaError(err) ? new DownloadError('quota', planned) : err;
    });
    // Downloaded again after the tutor changed the course: files it no longer uses go.
    const now = new Set(
      [...before.filter((d) => d.id !== request.id), download].flatMap((d) => d.files.map((f) => f.url)),
    );
    const old = before.find((d) => d.id === request.id)?.files ?? [];
    await Promise.all(old.filter((f) => !now.has(f.url)).map((f) => cache.delete(f.url)));
    return download;
  } catch (err) {
    await Promise.all(added.map((url) => cache.delete(url)));
    throw err;
  }
}

/** Removes a download, and its files unless another download of the member holds them too. */
export async function deleteDownload(userId: string, id: string) {
  if (!downloadsSupported()) return;
  const download = await getDownload(userId, id);
  await del(recordKey(userId, id), store());
  if (!download) return;
  const others = new Set((await listDownloads(userId)).flatMap((d) => d.files.map((f) => f.url)));
  const cache = await caches.open(cacheName(userId));
  await Promise.all(download.files.filter((f) => !others.has(f.url)).map((f) => cache.delete(f.url)));
}

/** Logout, another member signing in, a deletion request: a member's downloads go (everyone's without an id). */
export async function wipeDownloads(userId: string | undefined) {
  if (!downloadsSupported()) return;
  if (!userId) {
    await clear(store());
    const names = await caches.keys();
    await Promise.all(names.filter((n) => n.startsWith(CACHE_PREFIX)).map((n) => caches.delete(n)));
    return;
  }
  const all = await entries<string, Download>(store());
  await Promise.all(all.filter(([key]) => key.startsWith(`${userId}:`)).map(([key]) => del(key, store())));
  await caches.delete(cacheName(userId));
}

/**
 * Another member signed in on this device without the last one logging out (their session ran
 * out while the app was closed): what earlier members downloaded goes too.
 */
export async function wipeOtherMembers(userId: string) {
  if (!downloadsSupported()) return;
  const all = await entries<string, Download>(store());
  await Promise.all(all.filter(([key]) => !key.startsWith(`${userId}:`)).map(([key]) => del(key, store())));
  const names = await caches.keys();
  const others = names.filter((n) => n.startsWith(CACHE_PREFIX) && n !== cacheName(userId));
  await Promise.all(others.map((n) => caches.delete(n)));
}

/**
 * Offline, the screens of a downloaded course read the answers saved with it. Only where memory
 * has nothing, or something older than the download (the offline copy's): an answer fetched on
 * this page is always newer.
 */
export async function restoreDownloads(client: QueryClient, userId: string) {
  for (const download of await listDownloads(userId)) {
    for (const answer of download.answers) {
      const state = client.getQueryState(answer.key);
      if (state?.data === undefined || state.dataUpdatedAt < download.savedAt) {
        client.setQueryData(answer.key, answer.data, { updatedAt: download.savedAt });
      }
    }
  }
}

/** A saved file as an object URL for a `<video>` or a link; the caller revokes it. */
export async function savedFileUrl(userId: string, url: string): Promise<string | undefined> {
  if (!downloadsSupported()) return undefined;
  const cache = await caches.open(cacheName(userId));
  const response = await cache.match(url);
  return response ? URL.createObjectURL(await response.blob()) : undefined;
}
