import { initials } from '#client/lib/initials';
import { cn } from '#client/lib/cn';
import { useDataSaver } from '#client/lib/data-saver';

/**
 * A person's picture, or their initials on a coloured disc. `srcset` (a profile's avatarSrcset)
 * lets a large avatar pick a sharper square; `size` is the CSS pixels it is shown at. With data
 * saver on, initials only: no photo is downloaded (decision 078).
 */
export function Avatar({
  name,
  url,
  srcset,
  size,
  className,
}: {
  name: string;
  url: string | null;
  srcset?: string | null;
  size: number;
  className?: string;
}) {
  const box = { width: size, height: size };
  const dataSaver = useDataSaver();
  if (url && !dataSaver) {
    return (
      <img
        src={url}
        srcSet={srcset ?? undefined}
        sizes={srcset ? `${size}px` : undefined}
        alt=""
        style={box}
        className={cn('shrink-0 rounded-full object-cover ring-1 ring-zinc-200 dark:ring-zinc-800', className)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      style={{ ...box, fontSize: Math.round(size * 0.36) }}
      className={cn(
        'flex shrink-0 items-center justify-center rounded-full bg-indigo-600 font-semibold text-white',
        className,
      )}
    >
      {initials(name)}
    </span>
  );
}
