import { useSyncExternalStore } from 'react';

/**
 * Data saver (issue 29, item 5; decision 078). Kept per device in localStorage, not on the
 * account: it is about this phone's network, and the same member on office Wi-Fi wants full images.
 */
const KEY = 'blet:data-saver';
const EVENT = 'blet:data-saver';

type Connection = { saveData?: boolean; effectiveType?: string } | undefined;

/** On by default when the browser asks to save data or reports a slow network. */
export function dataSaverDefault(connection: Connection): boolean {
  if (!connection) return false;
  return connection.saveData === true || ['slow-2g', '2g', '3g'].includes(connection.effectiveType ?? '');
}

export function isDataSaverOn(): boolean {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(KEY);
  if (stored === 'on') return true;
  if (stored === 'off') return false;
  return dataSaverDefault((navigator as Navigator & { connection?: Connection }).connection);
}

export function setDataSaver(on: boolean) {
  localStorage.setItem(KEY, on ? 'on' : 'off');
  window.dispatchEvent(new Event(EVENT));
}

function subscribe(onChange: () => void) {
  window.addEventListener(EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

export function useDataSaver(): boolean {
  return useSyncExternalStore(subscribe, isDataSaverOn, () => false);
}

/** The narrowest candidate of a `srcset` ("url 320w, url 640w"), or null when there is none. */
export function smallestSrc(srcset: string | null | undefined): string | null {
  if (!srcset) return null;
  let best: { url: string; width: number } | null = null;
  for (const part of srcset.split(',')) {
    const [url, descriptor] = part.trim().split(/\s+/);
    if (!url) continue;
    const width = Number.parseFloat(descriptor ?? '') || Number.POSITIVE_INFINITY;
    if (!best || width < best.width) best = { url, width };
  }
  return best?.url ?? null;
}

/**
 * An <img>'s `src`, `srcSet` and `sizes` as data saver wants them: the narrowest copy alone while
 * saving. Otherwise the uploaded file stays the `src`: an image uploaded before its copies
 * existed, and a browser without srcset, still show it.
 */
export function imageSources(saving: boolean, url: string, srcset: string | null | undefined, sizes?: string) {
  const small = saving ? smallestSrc(srcset) : null;
  if (small) return { src: small };
  return { src: url, srcSet: srcset ?? undefined, sizes: srcset ? sizes : undefined };
}
