import { SlidersHorizontal, X } from 'lucide-react';
import { useState } from 'react';
import {
  COURSE_CATEGORIES,
  COURSE_CATEGORY_LABELS,
  COURSE_LANGUAGE_LABELS,
  COURSE_LANGUAGES,
  COURSE_LEVEL_LABELS,
  COURSE_LEVELS,
  type TCourseSort,
} from '#shared/courses/courses.constants';
import { Button } from '#client/components/ui/button';
import { Label } from '#client/components/ui/label';
import { Select } from '#client/components/ui/select';
import { cn } from '#client/lib/cn';
import { hasActiveFilters, type CatalogueFilters } from '../catalogue-filters';

const SORT_LABELS: Record<TCourseSort, string> = {
  relevance: 'Most relevant',
  newest: 'Newest',
  rating: 'Highest rated',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
};

type FilterChange = Partial<Omit<CatalogueFilters, 'page'>>;

/**
 * Category, level, price, language and sort: the browser's own selects, each labelled. On a
 * phone they fold behind a "Filters" button, so the results are not a screen away.
 */
export function CatalogueFiltersBar({
  filters,
  onChange,
  onClear,
}: {
  filters: CatalogueFilters;
  onChange: (change: FilterChange) => void;
  onClear: () => void;
}) {
  const [open, setOpen] = useState(false);
  const active = [filters.category, filters.level, filters.price, filters.language, filters.sort].filter(
    Boolean,
  ).length;

  const field = (
    id: string,
    label: string,
    value: string | undefined,
    options: Array<[string, string]>,
    key: keyof FilterChange,
    any = 'Any',
  ) => (
    <div className="min-w-0 space-y-1">
      <Label htmlFor={id} className="text-xs text-zinc-600 dark:text-zinc-400">
        {label}
      </Label>
      <Select id={id} value={value ?? ''} onChange={(e) => onChange({ [key]: e.target.value || undefined })}>
        <option value="">{any}</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </Select>
    </div>
  );

  return (
    <>
      <Button
        variant="outline"
        className="w-full sm:hidden"
        aria-expanded={open}
        aria-controls="catalogue-filters"
        onClick={() => setOpen(!open)}
      >
        <SlidersHorizontal aria-hidden="true" className="size-4" />
        {open ? 'Hide filters' : 'Filters and sorting'}
        {active > 0 ? <span className="rounded-full bg-indigo-600 px-1.5 text-xs text-white">{active}</span> : null}
      </Button>
      <div
        id="catalogue-filters"
        className={cn(
          'mt-3 grid-cols-2 gap-3 sm:mt-0 sm:grid sm:grid-cols-3 lg:grid-cols-[repeat(5,minmax(0,1fr))_auto] lg:items-end',
          open ? 'grid' : 'hidden',
        )}
      >
        {field(
          'filter-category',
          'Category',
          filters.category,
          COURSE_CATEGORIES.map((c) => [c, COURSE_CATEGORY_LABELS[c]]),
          'category',
          'All categories',
        )}
        {field(
          'filter-level',
          'Level',
          filters.level,
          COURSE_LEVELS.map((l) => [l, COURSE_LEVEL_LABELS[l]]),
          'level',
          'Any level',
        )}
        {field(
          'filter-price',
          'Price',
          filters.price,
          [
            ['free', 'Free'],
            ['paid', 'Paid'],
          ],
          'price',
          'Any price',
        )}
        {field(
          'filter-language',
          'Language',
          filters.language,
          COURSE_LANGUAGES.map((l) => [l, COURSE_LANGUAGE_LABELS[l]]),
          'language',
          'Any language',
        )}
        {field(
          'filter-sort',
          'Sort by',
          filters.sort,
          (Object.keys(SORT_LABELS) as TCourseSort[]).filter((s) => s !== 'relevance').map((s) => [s, SORT_LABELS[s]]),
          'sort',
          filters.q.trim() ? SORT_LABELS.relevance : 'Recommended',
        )}
        <div className="flex items-end">
          <Button
            variant="ghost"
            onClick={onClear}
            disabled={!hasActiveFilters(filters) && !filters.sort}
            className="w-full lg:w-auto"
          >
            <X aria-hidden="true" className="size-4" />
            Clear
          </Button>
        </div>
      </div>
    </>
  );
}
