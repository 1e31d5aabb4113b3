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
 * The service worker is registered after the load event, from its own chunk (client/lib/pwa.ts).
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
    const start = () => void import('./pwa').then((m) => m.registerWorker());
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
  }
}
