import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { pagePreloads } from './scripts/vite-page-preloads';
import { precompress } from './scripts/vite-precompress';
import { pwa } from './scripts/vite-pwa';

const API_TARGET = 'http://localhost:3000';
const OUT_DIR = fileURLToPath(new URL('./dist/client', import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('./client', import.meta.url)),
  // .env files live at the repository root, next to the server's, not inside client/.
  envDir: fileURLToPath(new URL('.', import.meta.url)),
  // pwa(): the manifest and the service worker (decision 074). pagePreloads(): each page's screen
  // chunks, which the server names in that page's head (decision 086).
  plugins: [
    react(),
    tailwindcss(),
    pagePreloads(fileURLToPath(new URL('./client/app/router.tsx', import.meta.url))),
    pwa(OUT_DIR),
    precompress(),
  ],
  // Zod without its eval probe, which our CSP reports as a violation (client/lib/zod-jitless.ts).
  resolve: {
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./client/lib/zod-jitless.ts', import.meta.url)) }],
  },
  build: {
    outDir: OUT_DIR,
    emptyOutDir: true,
    // Every browser the app supports preloads modules natively: the polyfill would only weigh on the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      treeshake: {
        // A feature's public entry only re-exports (decision 045). Marked free of side effects, an
        // import of one name from it loads that name's module, not every section the entry lists:
        // the signed-in shell took the profile editor, the course actions and react-hook-form
        // for an avatar and the outbox's progress handler (decision 086).
        moduleSideEffects: (id: string) => !/client[\\/]features[\\/][^\\/]+[\\/]index\.ts$/.test(id),
      },
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        // Only what every page needs is grouped for the entry (react, router); the rest go with the
        // lazy screens that import them, so a first visit never downloads the form library (decision 012).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/ },
            // Only the tutor's revenue chart loads it (a lazy import): kept out of the shared vendor chunk.
            { name: 'chart', test: /node_modules[\\/](chart\.js|@kurkle)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      // Host stays localhost:5173, so the server's same-host Origin check accepts dev requests.
      '/api': { target: API_TARGET, changeOrigin: false },
      '/socket.io': { target: API_TARGET, ws: true },
      '/uploads': { target: API_TARGET, changeOrigin: false },
    },
  },
});
