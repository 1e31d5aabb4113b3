import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ManifestTransform } from 'workbox-build';
import { VitePWA } from 'vite-plugin-pwa';

/** The install card's colours: the brand's indigo, and the page background of each theme. */
export const THEME = { light: '#ffffff', dark: '#18181b', brand: '#4f46e5' } as const;

/**
 * The manifest and the service worker (decision 074). The worker precaches the shell only: the
 * built index.html, its entry script and every module and style it preloads, the icons. Lazy
 * screens' chunks are cached as they are used (hashed, so cache-first), pages go to the network
 * first and fall back to the cached shell, and nothing under /api, /socket.io or /uploads is ever
 * matched: the worker never answers for the server's data.
 */
export function pwa(outDir: string) {
  // Keeps from the build's file list only what the first visit downloads anyway, and only the
  // page, its scripts and its styles: a precached file with a revision (not hashed) is fetched
  // again past the HTTP cache, so the favicon and the install icons would cross the wire twice
  // (17 KB on a first visit, decision 083). The browser keeps its own copies of those.
  const shellOnly: ManifestTransform = (entries) => {
    const html = readFileSync(join(outDir, 'index.html'), 'utf8');
    const named = new Set([...html.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((m) => m[1]));
    const manifest = entries.filter((e) => e.url === 'index.html' || (named.has(e.url) && /\.(js|css)$/.test(e.url)));
    return { manifest, warnings: [] };
  };

  return VitePWA({
    registerType: 'prompt',
    // Registered by client/lib/pwa.ts after the page has loaded, in its own chunk: the entry stays as it was.
    injectRegister: false,
    // The install icons are the browser's to fetch, once, when it offers to install (decision 083).
    includeManifestIcons: false,
    integration: {
      // The web app manifest too: the browser reads it from the page's link and keeps its own copy
      // once installed, so the precache's second fetch was 0.8 KB of a first visit for nothing
      // (decision 086). The plugin adds it after `manifestTransforms`, hence here.
      beforeBuildServiceWorker: (options) => {
        const entries = options.workbox.additionalManifestEntries ?? [];
        options.workbox.additionalManifestEntries = entries.filter(
          (entry) => typeof entry === 'string' || entry.url !== options.manifestFilename,
        );
      },
    },
    manifestFilename: 'manifest.webmanifest',
    manifest: {
      id: '/',
      name: 'Build. Learn. Earn. Thrive.',
      short_name: 'BLET',
      description: 'Courses, jobs, mentorship and freelance talent in one place.',
      lang: 'en-NG',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: THEME.brand,
      background_color: THEME.light,
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
      shortcuts: [
        { name: 'Courses', url: '/courses', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
        { name: 'Jobs', url: '/jobs', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
        { name: 'Chat', url: '/chat', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png}'],
      manifestTransforms: [shellOnly],
      // Pages are network-first (below); the precached shell is their fallback, not their answer.
      navigateFallback: null,
      cleanupOutdatedCaches: true,
      // One file for the worker rather than sw.js plus workbox-*.js: a request fewer on a first visit.
      inlineWorkboxRuntime: true,
      clientsClaim: true,
      // A new worker waits for the member's "Reload" (client/lib/pwa.ts), never mid-task.
      skipWaiting: false,
      runtimeCaching: [
        {
          urlPattern: ({ request, url }) =>
            request.mode === 'navigate' &&
            !/^\/(api|socket\.io|uploads)(\/|$)/.test(url.pathname) &&
            url.pathname !== '/sw.js',
          handler: 'NetworkFirst',
          options: {
            cacheName: 'pages',
            expiration: { maxEntries: 30 },
            precacheFallback: { fallbackURL: 'index.html' },
          },
        },
        {
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
          handler: 'CacheFirst',
          options: { cacheName: 'assets', expiration: { maxEntries: 300 } },
        },
      ],
    },
  });
}
