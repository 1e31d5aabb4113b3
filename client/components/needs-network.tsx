import { WifiOff } from 'lucide-react';
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
      <WifiOff aria-hidden="true" className="size-8 text-zinc-500 dark:text-zinc-400" />
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
