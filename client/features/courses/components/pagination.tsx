import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '#client/components/ui/button';
import { cn } from '#client/lib/cn';

/** Previous and next as links (shareable, middle-clickable), with where we are in words. */
export function Pagination({
  page,
  pageCount,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  const edge = (enabled: boolean, to: number, label: string, children: ReactNode) =>
    enabled ? (
      <Link to={hrefFor(to)} className={buttonClasses('outline', 'md')} aria-label={label}>
        {children}
      </Link>
    ) : (
      <span aria-disabled="true" className={cn(buttonClasses('outline', 'md'), 'pointer-events-none opacity-50')}>
        {children}
      </span>
    );
  return (
    <nav aria-label="Pages" className="mt-8 flex items-center justify-center gap-3">
      {edge(
        page > 1,
        page - 1,
        'Previous page',
        <>
          <ChevronLeft aria-hidden="true" className="size-4" />
          <span className="hidden sm:inline">Previous</span>
        </>,
      )}
      <span className="text-sm text-zinc-600 tabular-nums dark:text-zinc-400" aria-current="page">
        Page {page} of {pageCount}
      </span>
      {edge(
        page < pageCount,
        page + 1,
        'Next page',
        <>
          <span className="hidden sm:inline">Next</span>
          <ChevronRight aria-hidden="true" className="size-4" />
        </>,
      )}
    </nav>
  );
}
