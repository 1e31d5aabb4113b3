import type { Ref, TextareaHTMLAttributes } from 'react';
import { cn } from '#client/lib/cn';

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  ref?: Ref<HTMLTextAreaElement>;
}

/** Styled like Input, so a form's fields line up. */
export function Textarea({ className, ref, ...rest }: TextareaProps) {
  return (
    <textarea
      ref={ref}
      className={cn(
        'block min-h-24 w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 shadow-sm',
        'placeholder:text-zinc-500 focus-visible:border-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-indigo-600/40',
        'aria-invalid:border-red-600 aria-invalid:focus-visible:outline-red-600/40',
        'disabled:cursor-not-allowed disabled:opacity-60',
        'dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-400 dark:aria-invalid:border-red-400',
        className,
      )}
      {...rest}
    />
  );
}
