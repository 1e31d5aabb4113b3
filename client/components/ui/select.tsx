import { ChevronDown } from 'lucide-react';
import type { Ref, SelectHTMLAttributes } from 'react';
import { cn } from '#client/lib/cn';

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  ref?: Ref<HTMLSelectElement>;
}

/** The browser's own select (keyboard, screen readers and mobile pickers for free), styled like Input. */
export function Select({ className, ref, children, ...rest }: SelectProps) {
  return (
    <div className="relative">
      <select
        ref={ref}
        className={cn(
          'block h-10 w-full appearance-none rounded-lg border border-zinc-300 bg-white pr-9 pl-3 text-sm text-zinc-900 shadow-sm',
          'focus-visible:border-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-indigo-600/40',
          'aria-invalid:border-red-600 disabled:cursor-not-allowed disabled:opacity-60',
          'dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:aria-invalid:border-red-400',
          className,
        )}
        {...rest}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-zinc-500 dark:text-zinc-400"
      />
    </div>
  );
}
