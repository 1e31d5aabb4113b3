import { Search } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { DocumentTitle } from '#client/components/document-title';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { Select } from '#client/components/ui/select';
import { formatDate, formatDateTime } from '#client/lib/format-date';
import { searchOf } from '../api/admin-keys';

export function ConsoleHeading({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <DocumentTitle title={`${title} · Admin`} />
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {description ? <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{description}</p> : null}
      </div>
      {actions}
    </div>
  );
}

/**
 * The console's `page` in the URL (1 when absent or not a number), and a move to another page
 * that keeps the other filters and leaves `page` out for the first, so a shared link stays short.
 */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const setPage = (p: number) => {
    const next = new URLSearchParams(params);
    if (p > 1) next.set('page', String(p));
    else next.delete('page');
    setParams(next);
  };
  return [page, setPage];
}

/** Server-side paging: "Page 2 of 7" with previous and next. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav
      aria-label="Pages"
      className="mt-4 flex items-center justify-between gap-3 text-sm text-zinc-600 dark:text-zinc-400"
    >
      <span>
        Page {Math.min(page, pages)} of {pages} · {total} in all
      </span>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}

export function QueryState({
  isPending,
  isError,
  label,
  onRetry,
}: {
  isPending: boolean;
  isError: boolean;
  label: string;
  onRetry: () => void;
}) {
  if (isPending)
    return (
      <p role="status" className="py-8 text-center text-sm text-zinc-600 dark:text-zinc-400">
        Loading {label}…
      </p>
    );
  if (isError) {
    return (
      <div className="py-8 text-center text-sm">
        <p>We could not load {label}.</p>
        <Button className="mt-3" variant="outline" size="sm" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  return null;
}

/** The product's one format (issue 26), in the admin's own zone. */
export const dateTime = formatDateTime;
export const dateOnly = formatDate;

/** The values of a console page's `filters` in the URL (absent ones undefined), as its query wants them. */
export function useFilterValues(filters: readonly string[]): Record<string, string | undefined> {
  const [params] = useSearchParams();
  return Object.fromEntries(filters.map((f) => [f, params.get(f) ?? undefined]));
}

/**
 * A console page's filter form: on submit its fields named in `filters` (trimmed) replace the
 * URL's search, so the list starts again at page 1 and the link can be shared.
 */
export function FilterForm({
  filters,
  className,
  children,
}: {
  filters: readonly string[];
  className: string;
  children: ReactNode;
}) {
  const [, setParams] = useSearchParams();
  return (
    <Card className="mb-4 p-4">
      <form
        role="search"
        className={className}
        onSubmit={(e) => {
          e.preventDefault();
          const form = new FormData(e.currentTarget);
          setParams(searchOf(Object.fromEntries(filters.map((f) => [f, String(form.get(f) ?? '').trim()]))));
        }}
      >
        {children}
      </form>
    </Card>
  );
}

type FilterInputProps = { id: string; label: string; value: string | undefined } & Omit<
  ComponentProps<typeof Input>,
  'id' | 'defaultValue' | 'value'
>;

/** A labelled text, search or date field of a filter form, starting from the URL's `value`. */
export function FilterInput({ id, label, value, ...input }: FilterInputProps) {
  return (
    <FormField id={id} label={label}>
      {(control) => <Input {...control} {...input} defaultValue={value ?? ''} />}
    </FormField>
  );
}

/** A labelled choice of a filter form: `anyLabel` first (the empty value) when given, then `options` by their labels. */
export function FilterSelect<T extends string>({
  id,
  name,
  label,
  value,
  anyLabel,
  options,
  labels,
}: {
  id: string;
  name: string;
  label: string;
  value: string | undefined;
  anyLabel?: string;
  options: readonly T[];
  labels: Record<T, string>;
}) {
  return (
    <FormField id={id} label={label}>
      {(control) => (
        <Select {...control} name={name} defaultValue={value ?? (anyLabel ? '' : options[0])}>
          {anyLabel ? <option value="">{anyLabel}</option> : null}
          {options.map((o) => (
            <option key={o} value={o}>
              {labels[o]}
            </option>
          ))}
        </Select>
      )}
    </FormField>
  );
}

/** The submit of a filter form that searches by name or title, at the foot of its row. */
export function SearchButton() {
  return (
    <div className="flex items-end">
      <Button type="submit">
        <Search aria-hidden="true" className="size-4" />
        Search
      </Button>
    </div>
  );
}
