import type { ReactNode } from 'react';
import { Card } from '#client/components/ui/card';
import { cn } from '#client/lib/cn';
import { searchOf } from '../api/admin-keys';
import { Pager, QueryState, useFilterValues, usePageParam } from './console-bits';

interface PagedAnswer {
  page: number;
  pageSize: number;
  total: number;
}

/** A filtered console list's filter values from the URL, and the search its query sends: them and the page past the first. */
export function useListSearch(filters: readonly string[]) {
  const values = useFilterValues(filters);
  const [page, setPage] = usePageParam();
  return { filters: values, search: searchOf({ ...values, page: page > 1 ? page : undefined }), setPage };
}

/** A console list paged on the server: the query's state until it answers, then the list and the pager under it. */
export function PagedList<T extends PagedAnswer>({
  query,
  label,
  onPage,
  className,
  children,
}: {
  query: { data: T | undefined; isPending: boolean; isError: boolean; refetch: () => unknown };
  label: string;
  onPage: (page: number) => void;
  className?: string;
  children: (data: T) => ReactNode;
}) {
  const { data } = query;
  return (
    <>
      <Card className={className}>
        {data ? (
          children(data)
        ) : (
          <QueryState
            isPending={query.isPending}
            isError={query.isError}
            label={label}
            onRetry={() => void query.refetch()}
          />
        )}
      </Card>
      {data ? <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={onPage} /> : null}
    </>
  );
}

/** A console table: its column heads, a row for each item, and `empty` in a row of its own when there are none. */
export function ConsoleTable<T>({
  minWidth,
  columns,
  alignTop = false,
  items,
  row,
  empty,
}: {
  /** The Tailwind min-width class under which the table scrolls sideways. */
  minWidth: string;
  columns: readonly string[];
  alignTop?: boolean;
  items: readonly T[];
  row: (item: T) => ReactNode;
  empty: string;
}) {
  return (
    <table className={cn('w-full', minWidth, 'text-left text-sm')}>
      <thead className="border-b border-zinc-200 text-xs text-zinc-600 uppercase dark:border-zinc-800 dark:text-zinc-400">
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col" className="px-4 py-3 font-medium">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={cn('divide-y divide-zinc-100', alignTop && 'align-top', 'dark:divide-zinc-800')}>
        {items.map(row)}
        {items.length === 0 ? (
          <tr>
            <td colSpan={columns.length} className="px-4 py-8 text-center text-zinc-600 dark:text-zinc-400">
              {empty}
            </td>
          </tr>
        ) : null}
      </tbody>
    </table>
  );
}
