import type { Ref, TextareaHTMLAttributes } from 'react';
import { cn } from '#client/lib/cn';
import { TYPED_FIELD_STATES } from './input';

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
        TYPED_FIELD_STATES,
        className,
      )}
      {...rest}
    />
  );
}
