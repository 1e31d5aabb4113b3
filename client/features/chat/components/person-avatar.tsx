import { initials } from '#client/lib/initials';
import { cn } from '#client/lib/cn';

/** A member's picture, or their initials on a tinted disc. */
export function PersonAvatar({ name, url, className }: { name: string; url: string | null; className?: string }) {
  const base = cn(
    'flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-full text-sm font-semibold',
    className,
  );
  if (url) return <img src={url} alt="" className={cn(base, 'object-cover')} />;
  return (
    <span
      aria-hidden="true"
      className={cn(base, 'bg-indigo-100 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200')}
    >
      {initials(name)}
    </span>
  );
}
