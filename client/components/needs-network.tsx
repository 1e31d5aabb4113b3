import { useEffect, useState, type ReactNode } from 'react';
import { useAppStatus } from '#client/lib/app-status';
import { cn } from '#client/lib/cn';

/**
 * Offline for more than a moment (decision 074). The moment lets the offline copy, read from
 * IndexedDB as the page starts, fill what it has before a screen says it has nothing.
 */
export function useNeedsNetwork(): boolean {
  const { online } = useAppStatus();
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (online) return;
    const timer = window.setTimeout(() => setWaited(true), 500);
    return () => window.clearTimeout(timer);
  }, [online]);
  return !online && waited;
}

/**
 * What a screen shows instead of its loading state when it has nothing to show offline: its
 * queries are paused until the network returns, so a spinner or skeleton would never end.
 */
export function NeedsNetwork({ className }: { className?: string }) {
  return (
    <div
      role="status"
      data-testid="needs-network"
      className={cn(
        'mx-auto flex max-w-md flex-col items-center gap-2 rounded-2xl border border-zinc-200 bg-white px-6 py-10 text-center dark:border-zinc-800 dark:bg-zinc-900',
        className,
      )}
    >
      {/* Lucide's wifi-off drawn here: this card is in the entry, which carries no icon library. */}
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        className="size-8 text-zinc-500 dark:text-zinc-400"
      >
        <path d="M12 20h.01M8.5 16.429a5 5 0 0 1 7 0M5 12.859a10 10 0 0 1 5.17-2.69M19 12.859a10 10 0 0 0-2.007-1.523M2 8.82a15 15 0 0 1 4.177-2.643M22 8.82a15 15 0 0 0-11.288-3.764M2 2l20 20" />
      </svg>
      <p className="text-base font-semibold">This page needs the network</p>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">It will load when you're back online.</p>
    </div>
  );
}

/** A loading state (a skeleton, a line) that gives way to the network sentence offline. */
export function Loading({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  const needsNetwork = useNeedsNetwork();
  if (needsNetwork) return <NeedsNetwork />;
  return (
    <div role="status" aria-label={label} className={className}>
      {children}
    </div>
  );
}
