import type { LabelHTMLAttributes } from 'react';
import { cn } from '#client/lib/cn';

export function Label({ className, ...rest }: LabelHTMLAttributes<HTMLLabelElement>) {
  return <label className={cn('text-sm font-medium text-zinc-800 dark:text-zinc-200', className)} {...rest} />;
}
