import { cn } from '../lib/cn';

export const TAGLINE = 'Build. Learn. Earn. Thrive.';

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" className={cn('size-8 shrink-0', className)}>
      <rect width="32" height="32" rx="8" className="fill-indigo-600" />
      <path
        d="M9 22 L14 10 L18 18 L20.5 13 L23 22"
        fill="none"
        stroke="#fff"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The logo with the tagline; `taglineClassName` lets narrow layouts hide the words. */
export function Brand({ taglineClassName }: { taglineClassName?: string }) {
  return (
    <span className="flex items-center gap-2.5">
      <LogoMark />
      <span
        className={cn('text-[0.95rem] font-semibold tracking-tight text-zinc-900 dark:text-white', taglineClassName)}
      >
        {TAGLINE}
      </span>
    </span>
  );
}
