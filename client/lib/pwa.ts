import { offerUpdate } from './app-status';

/** The runtime cache the worker reads hashed chunks from (scripts/vite-pwa.ts). */
const ASSETS_CACHE = 'assets';

/**
 * The chunks this page loaded before the worker took control never went through it: they are put
 * in its cache now (from the browser's HTTP cache, so no bytes move), and a reload offline finds
 * the screens already visited. What the cache holds is read once, not asked file by file: a page
 * loads 60-odd chunks (decision 089).
 */
async function keepLoadedChunks() {
  const cache = await caches.open(ASSETS_CACHE);
  const kept = new Set((await cache.keys()).map((request) => request.url));
  const urls = performance
    .getEntriesByType('resource')
    .map((e) => new URL(e.name))
    .filter((u) => u.origin === location.origin && u.pathname.startsWith('/assets/') && !kept.has(u.href))
    .map((u) => u.href);
  for (const url of new Set(urls)) await cache.add(url).catch(() => undefined);
}

/**
 * A worker that is installed while an older one controls the page is a new version: offered, and
 * brought in only when the member says Reload (Workbox's worker skips waiting on this message).
 */
function offerWhenInstalled(worker: ServiceWorker) {
  const offer = () =>
    offerUpdate(() => {
      navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
      worker.postMessage({ type: 'SKIP_WAITING' });
    });
  if (worker.state === 'installed') return offer();
  worker.addEventListener('statechange', () => {
    if (worker.state === 'installed' && navigator.serviceWorker.controller) offer();
  });
}

/**
 * Registers /sw.js at scope `/`. A new version waits for the member's "Reload", never forced.
 * The browser's own API rather than workbox-window: the same steps, 2 KB less on a first visit
 * (decision 086).
 */
export function registerWorker() {
  void navigator.serviceWorker.register('/sw.js', { scope: '/' }).then((registration) => {
    // Once, when a worker controls the page: the first worker claims it a moment after it is ready.
    // (Run at both moments, the copy fetched every chunk twice over, decision 089.)
    void navigator.serviceWorker.ready.then(() => {
      if (navigator.serviceWorker.controller) void keepLoadedChunks();
      else navigator.serviceWorker.addEventListener('controllerchange', () => void keepLoadedChunks(), { once: true });
    });
    if (registration.waiting && navigator.serviceWorker.controller) offerWhenInstalled(registration.waiting);
    registration.addEventListener('updatefound', () => {
      if (registration.installing) offerWhenInstalled(registration.installing);
    });
  });
}
