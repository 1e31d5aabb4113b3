import { lazy, Suspense } from 'react';
import { useAppStatus } from '#client/lib/app-status';

export const OFFLINE_SENTENCE = "You're offline. We'll send your changes when you're back.";

// Only when a release waits, which happens online: its own chunk keeps the entry as it was.
const UpdatePrompt = lazy(() => import('./update-prompt').then((m) => ({ default: m.UpdatePrompt })));

/**
 * The calm line under the header while the network is down (in the entry: a reload offline must
 * show it without any other chunk), and the new release's offer (decision 074).
 */
export function AppBanners() {
  const { online, applyUpdate } = useAppStatus();
  return (
    <>
      {online ? null : (
        <p
          data-testid="offline-banner"
          role="status"
          className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-center text-sm text-amber-900 dark:border-amber-900/60 dark:bg-amber-950/60 dark:text-amber-100"
        >
          {OFFLINE_SENTENCE}
        </p>
      )}
      {applyUpdate ? (
        <Suspense fallback={null}>
          <UpdatePrompt apply={applyUpdate} />
        </Suspense>
      ) : null}
    </>
  );
}
