import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '#client/components/ui/button';
import { cn } from '#client/lib/cn';

/** What "Next" leaves in the history entry it opens: the page it is for, and where that page starts. */
interface PageCursorState {
  pageCursor: { page: number; cursor: string };
}

/**
 * The cursor "Next" left for this page, if this page was reached by it. A list searched with
 * words answers a page by cursor without skipping the pages before it, and a deep page by number
 * costs about three times as much (decision 095). The URL keeps the page's number, so a link
 * shared or opened afresh asks by number; back and forward find their own entry's cursor.
 */
export function usePageCursor(page: number): string | undefined {
  const state: unknown = useLocation().state;
  const given = (state as Partial<PageCursorState> | null)?.pageCursor;
  return given && given.page === page && typeof given.cursor === 'string' ? given.cursor : undefined;
}

/** Previous and next as links (shareable, middle-clickable), with where we are in words. */
export function Pagination({
  page,
  pageCount,
  hrefFor,
  nextCursor,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  /** The answer's `nextCursor`: "Next" asks its page from there (usePageCursor). */
  nextCursor?: string | null;
}) {
  if (pageCount <= 1) return null;
  const edge = (enabled: boolean, to: number, label: string, children: ReactNode, state?: PageCursorState) =>
    enabled ? (
      <Link to={hrefFor(to)} state={state} className={buttonClasses('outline', 'md')} aria-label={label}>
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
        nextCursor ? { pageCursor: { page: page + 1, cursor: nextCursor } } : undefined,
      )}
    </nav>
  );
}
