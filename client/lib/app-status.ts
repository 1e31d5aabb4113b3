import { useSyncExternalStore } from 'react';

/** What Chromium hands over with `beforeinstallprompt` (not in TypeScript's DOM types yet). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/**
 * The page's own state outside the server's data: online or not, a new release waiting, the
 * browser's install offer. Kept in the entry because it is a few lines and the offline banner must
 * show on a reload without the network (decision 074).
 */
interface AppStatus {
  online: boolean;
  /** Set when a new service worker waits: calling it activates the worker and reloads the page. */
  applyUpdate: (() => void) | null;
  install: InstallPromptEvent | null;
}

/** After the load event: long enough for a screen's first answers to arrive on a 3G link. */
const WORKER_DELAY_MS = 3_000;

let status: AppStatus = {
  online: typeof navigator === 'undefined' || navigator.onLine,
  applyUpdate: null,
  install: null,
};
const listeners = new Set<() => void>();

function set(patch: Partial<AppStatus>) {
  status = { ...status, ...patch };
  for (const l of listeners) l();
}

export function useAppStatus(): AppStatus {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => status,
  );
}

export const offerUpdate = (apply: () => void) => set({ applyUpdate: apply });

/** Shows the browser's install dialog once; the offer is spent either way. */
export async function promptInstall() {
  const offer = status.install;
  if (!offer) return;
  set({ install: null });
  await offer.prompt();
}

/**
 * Listens from the first script on: `beforeinstallprompt` may fire before React has rendered.
 * The service worker is registered from its own chunk (client/lib/pwa.ts) once the page has
 * loaded and then gone idle: after the load event a screen still asks for its data and pictures,
 * and the worker's install with its copy of the loaded chunks (dozens of requests) would compete
 * with them for a phone's CPU and connections (decision 089).
 */
export function watchAppStatus() {
  window.addEventListener('online', () => set({ online: true }));
  window.addEventListener('offline', () => set({ online: false }));
  window.addEventListener('beforeinstallprompt', (event) => {
    // Ours to show from the profile menu, when the member asks, instead of the browser's mini bar.
    event.preventDefault();
    set({ install: event as InstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => set({ install: null }));
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    const register = () => void import('./pwa').then((m) => m.registerWorker());
    // Safari has no idle callback: the delay alone there.
    const idle = () => ('requestIdleCallback' in window ? requestIdleCallback(register) : register());
    const start = () => setTimeout(idle, WORKER_DELAY_MS);
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
  }
}
