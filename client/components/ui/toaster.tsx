import { cn } from '#client/lib/cn';
import { dismissToast, useToasts } from '#client/lib/toast';

/**
 * The live region stays mounted so screen readers announce each toast as it arrives. It sits
 * above the mobile bottom navigation.
 */
export function Toaster() {
  const toasts = useToasts();
  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      className="pointer-events-none fixed inset-x-0 bottom-20 z-[100] flex flex-col items-center gap-2 px-4 md:inset-x-auto md:right-4 md:bottom-4 md:items-end"
    >
      {toasts.map((t) => (
        <div
          key={t.id}
          data-variant={t.variant}
          className={cn(
            'pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border p-4 shadow-lg',
            t.variant === 'destructive'
              ? 'border-red-700 bg-red-600 text-white'
              : 'border-zinc-200 bg-white text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100',
          )}
        >
          <div className="min-w-0 flex-1">
            <p className="text-sm font-semibold">{t.title}</p>
            {t.description ? (
              <p
                className={cn(
                  'mt-1 text-sm',
                  t.variant === 'destructive' ? 'text-white' : 'text-zinc-600 dark:text-zinc-300',
                )}
              >
                {t.description}
              </p>
            ) : null}
          </div>
          <button
            type="button"
            onClick={() => dismissToast(t.id)}
            aria-label="Dismiss"
            className={cn(
              '-m-1 rounded-md p-1 focus-visible:outline-2',
              t.variant === 'destructive'
                ? 'text-white hover:bg-red-700 focus-visible:outline-white'
                : 'text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-white',
            )}
          >
            {/* Lucide's "x", drawn inline: the icon library stays out of the entry chunk (decision 012). */}
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              className="size-4"
            >
              <path d="M18 6 6 18M6 6l12 12" />
            </svg>
          </button>
        </div>
      ))}
    </div>
  );
}
