import type { InputHTMLAttributes, Ref } from 'react';
import { cn } from '#client/lib/cn';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
}

/** How a field one types into looks focused, invalid, disabled and dark: Input and Textarea line up. */
export const TYPED_FIELD_STATES = cn(
  'placeholder:text-zinc-500 focus-visible:border-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-indigo-600/40',
  'aria-invalid:border-red-600 aria-invalid:focus-visible:outline-red-600/40',
  'disabled:cursor-not-allowed disabled:opacity-60',
  'dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-400 dark:aria-invalid:border-red-400',
);

export function Input({ className, ref, ...rest }: InputProps) {
  return (
    <input
      ref={ref}
      className={cn(
        'block h-10 w-full rounded-lg border border-zinc-300 bg-white px-3 text-sm text-zinc-900 shadow-sm',
        TYPED_FIELD_STATES,
        className,
      )}
      {...rest}
    />
  );
}

export function Checkbox({ className, ref, ...rest }: InputProps) {
  return (
    <input
      ref={ref}
      type="checkbox"
      className={cn('mt-0.5 size-4 shrink-0 rounded border-zinc-400 accent-indigo-600 dark:border-zinc-600', className)}
      {...rest}
    />
  );
}
