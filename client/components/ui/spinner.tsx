import { cn } from '#client/lib/cn';
import { NeedsNetwork, useNeedsNetwork } from '../needs-network';

/** Decorative: whatever shows it also says in words what is loading. */
export function Spinner({ className }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" className={cn('size-4 shrink-0 animate-spin', className)}>
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/**
 * A whole-area loading state that screen readers announce. Offline it says the page needs the
 * network: what it waits for is paused until then (decision 074).
 */
export function PageSpinner({ label, className }: { label: string; className?: string }) {
  const needsNetwork = useNeedsNetwork();
  if (needsNetwork) return <NeedsNetwork className="my-[15vh]" />;
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn(
        'flex min-h-[50vh] flex-col items-center justify-center gap-3 text-zinc-600 dark:text-zinc-400',
        className,
      )}
    >
      <Spinner className="size-8 text-indigo-600 dark:text-indigo-400" />
      <span className="text-sm">{label}</span>
    </div>
  );
}
