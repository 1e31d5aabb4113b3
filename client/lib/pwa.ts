import { registerSW } from 'virtual:pwa-register';
import { offerUpdate } from './app-status';

/** The runtime cache the worker reads hashed chunks from (scripts/vite-pwa.ts). */
const ASSETS_CACHE = 'assets';

/**
 * The chunks this page loaded before the worker took control never went through it: they are put
 * in its cache now (from the browser's HTTP cache, so no bytes move), and a reload offline finds
 * the screens already visited.
 */
async function keepLoadedChunks() {
  const cache = await caches.open(ASSETS_CACHE);
  const urls = performance
    .getEntriesByType('resource')
    .map((e) => new URL(e.name))
    .filter((u) => u.origin === location.origin && u.pathname.startsWith('/assets/'))
    .map((u) => u.href);
  for (const url of urls) {
    if (!(await cache.match(url))) await cache.add(url).catch(() => undefined);
  }
}

/** Registers /sw.js at scope `/`. A new version waits for the member's "Reload", never forced. */
export function registerWorker() {
  const update = registerSW({
    immediate: true,
    onNeedRefresh: () => offerUpdate(() => void update(true)),
    onRegisteredSW: () => {
      void navigator.serviceWorker.ready.then(keepLoadedChunks);
      // The first worker claims the page a moment after it is ready: what loaded meanwhile too.
      navigator.serviceWorker.addEventListener('controllerchange', () => void keepLoadedChunks(), { once: true });
    },
  });
}
