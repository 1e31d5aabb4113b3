import { Loading } from '#client/components/needs-network';
import { BookOpenCheck, LayoutDashboard, Search, SearchX } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { COURSES_PAGE_SIZE } from '#shared/courses/courses.constants';
import { DocumentTitle } from '#client/components/document-title';
import { Button, buttonClasses } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { Input } from '#client/components/ui/input';
import { cn } from '#client/lib/cn';
import { useUser } from '#client/features/accounts';
import { useCourses } from '../api/get-courses';
import { useCourseSuggestions } from '../api/suggest-courses';
import {
  coursesQueryFrom,
  filtersFromParams,
  hasActiveFilters,
  paramsFromFilters,
  withFilter,
  type CatalogueFilters,
} from '../catalogue-filters';
import { canTeach, plural } from '../format';
import { CatalogueFiltersBar } from './catalogue-filters-bar';
import { CourseCard, CourseCardSkeleton } from './course-card';
import { LoadFailedCard } from '#client/components/load-failed-card';
import { Pagination, usePageCursor } from '#client/components/pagination';
import { TeachButton } from './teach-button';

/** How long typing rests before the search runs (and the URL changes). */
const SEARCH_DEBOUNCE_MS = 350;

/** /courses: search, filters, sort and pages, all kept in the URL so a search can be shared. */
export function CataloguePage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const { data: user } = useUser();
  const cursor = usePageCursor(filters.page);
  const query = { ...coursesQueryFrom(filters), ...(cursor ? { cursor } : {}) };
  const courses = useCourses(query);
  const [text, setText] = useState(filters.q);
  const [urlQ, setUrlQ] = useState(filters.q);
  // Offered by the browser's own list under the box (a native <datalist>: keyboard and screen readers for free).
  const suggestions = useCourseSuggestions(text);

  // Back, forward or a shared link changed the search: the box follows (not while typing spaces).
  if (filters.q !== urlQ) {
    setUrlQ(filters.q);
    if (filters.q !== text.trim()) setText(filters.q);
  }

  const apply = (next: CatalogueFilters, replace = false) =>
    setParams(paramsFromFilters(next), { replace, preventScrollReset: true });

  useEffect(() => {
    if (text.trim() === filters.q) return;
    const timer = setTimeout(() => apply(withFilter(filters, { q: text }), true), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // Only typing starts the timer; `filters` is read fresh when it fires.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    apply(withFilter(filters, { q: text }));
  };

  const data = courses.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / (data.pageSize || COURSES_PAGE_SIZE))) : 1;
  const hrefFor = (page: number) => `?${paramsFromFilters({ ...filters, page })}`;

  return (
    <>
      <DocumentTitle title="Courses" />
      <section className="relative mb-8 overflow-hidden rounded-3xl bg-linear-to-br from-indigo-600 via-indigo-700 to-violet-800 px-5 py-8 text-white shadow-lg sm:px-10 sm:py-12">
        <div aria-hidden="true" className="absolute -top-24 -right-20 size-72 rounded-full bg-white/10" />
        <div aria-hidden="true" className="absolute -bottom-28 left-1/3 size-64 rounded-full bg-fuchsia-400/20" />
        <div className="relative max-w-2xl space-y-3">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Courses</h1>
          <p className="text-base text-indigo-100 sm:text-lg">
            Learn practical skills from tutors who do the work, at your own pace, and earn a certificate.
          </p>
          <form role="search" onSubmit={onSearch} className="flex gap-2 pt-2">
            <label htmlFor="course-search" className="sr-only">
              Search courses
            </label>
            <div className="relative min-w-0 flex-1">
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-zinc-400"
              />
              <Input
                id="course-search"
                type="search"
                value={text}
                onChange={(e) => setText(e.target.value)}
                placeholder="What do you want to learn?"
                maxLength={200}
                autoComplete="off"
                list="course-suggestions"
                className="h-12 rounded-xl border-transparent pl-10 text-base"
              />
              <datalist id="course-suggestions">
                {(suggestions.data?.suggestions ?? []).map((s) => (
                  <option key={s.id} value={s.title} />
                ))}
              </datalist>
            </div>
            <button
              type="submit"
              className="hidden h-12 shrink-0 rounded-xl bg-white px-6 text-sm font-semibold text-indigo-700 shadow-sm hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white sm:block"
            >
              Search
            </button>
          </form>
        </div>
      </section>

      <nav aria-label="Your courses" className="mb-6 flex flex-wrap gap-2">
        <TeachButton />
        <Link to="/courses/student" className={buttonClasses('outline')}>
          <BookOpenCheck aria-hidden="true" className="size-4" />
          My learning
        </Link>
        {canTeach(user) ? (
          <Link to="/courses/tutor" className={buttonClasses('outline')}>
            <LayoutDashboard aria-hidden="true" className="size-4" />
            Tutor dashboard
          </Link>
        ) : null}
      </nav>

      <h2 className="sr-only">Filters</h2>
      <CatalogueFiltersBar
        filters={filters}
        onChange={(change) => apply(withFilter(filters, change))}
        onClear={() => {
          setText('');
          apply({ q: '', page: 1 });
        }}
      />

      <div className="mt-6 mb-4 flex items-baseline justify-between gap-3">
        <h2 className="text-lg font-semibold" aria-live="polite">
          {data ? resultsTitle(data.total, filters.q) : 'Loading courses…'}
        </h2>
        {courses.isFetching && data ? <span className="text-sm text-zinc-500">Updating…</span> : null}
      </div>

      {courses.isPending ? (
        <Loading label="Loading courses" className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: 6 }, (_, i) => (
            <CourseCardSkeleton key={i} />
          ))}
        </Loading>
      ) : courses.isError && !data ? (
        <LoadFailedCard what="the courses" retrying={courses.isRefetching} onRetry={() => void courses.refetch()} />
      ) : data && data.courses.length === 0 ? (
        <EmptyCatalogue filtered={hasActiveFilters(filters)} onClear={() => (setText(''), apply({ q: '', page: 1 }))} />
      ) : data ? (
        <>
          <ul
            className={cn(
              'grid gap-5 sm:grid-cols-2 lg:grid-cols-3',
              courses.isPlaceholderData && 'opacity-60 transition-opacity',
            )}
          >
            {data.courses.map((course, i) => (
              <li key={course.id}>
                <CourseCard course={course} first={i < 3} />
              </li>
            ))}
          </ul>
          <Pagination
            page={filters.page}
            pageCount={pageCount}
            hrefFor={hrefFor}
            nextCursor={courses.isPlaceholderData ? null : data.nextCursor}
          />
        </>
      ) : null}
    </>
  );
}

function resultsTitle(total: number, q: string): string {
  const count = plural(total, 'course');
  return q.trim() ? `${count} for “${q.trim()}”` : count;
}

function EmptyCatalogue({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-14 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-700 dark:bg-indigo-950/60 dark:text-indigo-300">
        <SearchX aria-hidden="true" className="size-6" />
      </span>
      {filtered ? (
        <>
          <p className="text-base font-semibold">No courses match your search</p>
          <p className="max-w-md text-sm text-zinc-600 dark:text-zinc-400">Try other words, or fewer filters.</p>
          <Button variant="outline" onClick={onClear}>
            Clear search and filters
          </Button>
        </>
      ) : (
        <>
          <p className="text-base font-semibold">No courses yet</p>
          <p className="max-w-md text-sm text-zinc-600 dark:text-zinc-400">
            Be the first to teach here: share what you know and build a course.
          </p>
          <TeachButton variant="outline" />
        </>
      )}
    </Card>
  );
}
