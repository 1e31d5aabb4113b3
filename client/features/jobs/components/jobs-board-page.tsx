import { Loading } from '#client/components/needs-network';
import { zodResolver } from '@hookform/resolvers/zod';
import { BellPlus, Bookmark, Briefcase, Search, SearchX } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import {
  EXPERIENCE_LABELS,
  JOB_SORTS,
  JOB_TYPE_LABELS,
  JOBS_PAGE_SIZE,
  POSTED_WITHIN,
  WORKPLACE_LABELS,
  ZJobsQuery,
  type TJobsQuery,
} from '#shared/jobs/jobs.schemas';
import { holdsRole } from '#shared/roles';
import { LoadFailedCard } from '#client/components/load-failed-card';
import { PageHeader } from '#client/components/page-header';
import { Pagination, usePageCursor } from '#client/components/pagination';
import { StateCard } from '#client/components/state-card';
import { Button, buttonClasses } from '#client/components/ui/button';
import { Input } from '#client/components/ui/input';
import { Label } from '#client/components/ui/label';
import { Select } from '#client/components/ui/select';
import { useUser } from '#client/features/accounts';
import { useJobs } from '../api/get-jobs';
import { useSaveSearch } from '../api/saved-searches';
import { JobCard } from './job-card';

const FILTERS = ['q', 'location', 'workplace', 'type', 'experience', 'salaryMin', 'postedWithin', 'sort'] as const;
const SORT_LABELS: Record<(typeof JOB_SORTS)[number], string> = {
  newest: 'Newest',
  best_match: 'Best match',
  salary: 'Highest salary',
};
const POSTED_LABELS: Record<(typeof POSTED_WITHIN)[number], string> = {
  '1': 'Last 24 hours',
  '7': 'Last 7 days',
  '30': 'Last 30 days',
};
/** The search box and location: trimmed, and kept within the inputs' lengths by their maxLength. */
const ZJobSearch = ZJobsQuery.pick({ q: true, location: true });

/** /jobs: the board. Search, filters, sort and page live in the URL, so a search can be shared. */
export function JobsBoardPage() {
  const [params, setParams] = useSearchParams();
  const { data: user } = useUser();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const cursor = usePageCursor(page);
  const query: TJobsQuery = { page, pageSize: JOBS_PAGE_SIZE, ...(cursor ? { cursor } : {}) };
  for (const key of FILTERS) {
    const value = params.get(key);
    if (value) (query as Record<string, unknown>)[key] = value;
  }
  const jobs = useJobs(query);
  const saveSearch = useSaveSearch();
  const { register, handleSubmit } = useForm({
    resolver: zodResolver(ZJobSearch),
    defaultValues: { q: params.get('q') ?? '', location: params.get('location') ?? '' },
  });

  const set = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes))
      if (v) next.set(k, v);
      else next.delete(k);
    next.delete('page');
    setParams(next, { preventScrollReset: true });
  };
  const onSearch = handleSubmit((v) => set({ q: v.q ?? '', location: v.location ?? '' }));
  const data = jobs.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const pageHref = (p: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(p));
    return `?${next}`;
  };
  const select = (key: (typeof FILTERS)[number], label: string, options: Record<string, string>, any = 'Any') => (
    <div className="space-y-1">
      <Label htmlFor={`job-filter-${key}`}>{label}</Label>
      <Select
        id={`job-filter-${key}`}
        name={key}
        value={params.get(key) ?? ''}
        onChange={(e) => set({ [key]: e.target.value })}
      >
        <option value="">{any}</option>
        {Object.entries(options).map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </Select>
    </div>
  );

  return (
    <>
      <PageHeader
        title="Jobs"
        description="Find your next role, and see how your skills match."
        actions={
          user ? (
            <nav aria-label="Your jobs" className="flex flex-wrap gap-2">
              <Link to="/jobs/seeker" className={buttonClasses('outline')}>
                <Bookmark aria-hidden="true" className="size-4" />
                My applications
              </Link>
              {holdsRole(user, 'employer') ? (
                <Link to="/jobs/employer" className={buttonClasses('outline')}>
                  <Briefcase aria-hidden="true" className="size-4" />
                  Employer dashboard
                </Link>
              ) : null}
            </nav>
          ) : null
        }
      />
      <form role="search" onSubmit={onSearch} className="mb-4 grid gap-2 sm:grid-cols-[1fr_14rem_auto]">
        <div className="relative">
          <label htmlFor="job-search" className="sr-only">
            Search jobs
          </label>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-400"
          />
          <Input
            id="job-search"
            {...register('q')}
            type="search"
            placeholder="Title, company or skill"
            maxLength={200}
            className="pl-9"
          />
        </div>
        <div>
          <label htmlFor="job-location" className="sr-only">
            Location
          </label>
          <Input id="job-location" {...register('location')} placeholder="Location, e.g. Lagos" maxLength={120} />
        </div>
        <Button type="submit">Search</Button>
      </form>
      <div className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {select('workplace', 'Workplace', WORKPLACE_LABELS)}
        {select('type', 'Type', JOB_TYPE_LABELS)}
        {select('experience', 'Experience', EXPERIENCE_LABELS)}
        {select('postedWithin', 'Posted', POSTED_LABELS, 'Any time')}
        {select('salaryMin', 'Salary at least', {
          '100000': '₦100,000',
          '250000': '₦250,000',
          '500000': '₦500,000',
          '1000000': '₦1,000,000',
        })}
        {select(
          'sort',
          'Sort by',
          user ? SORT_LABELS : { newest: SORT_LABELS.newest, salary: SORT_LABELS.salary },
          'Relevance',
        )}
      </div>

      {jobs.isError && !data ? (
        <LoadFailedCard what="jobs" onRetry={() => void jobs.refetch()} retrying={jobs.isFetching} />
      ) : !data ? (
        <Loading label="Loading jobs" className="text-sm text-zinc-600 dark:text-zinc-400">
          Loading jobs…
        </Loading>
      ) : data.jobs.length === 0 ? (
        <StateCard icon={SearchX} title="No jobs match" inline>
          Try fewer words or filters.
        </StateCard>
      ) : (
        <>
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
            <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
              {data.total} job{data.total === 1 ? '' : 's'}
            </p>
            {user ? (
              <Button
                variant="outline"
                size="sm"
                loading={saveSearch.isPending}
                onClick={() => saveSearch.mutate(params.toString())}
              >
                <BellPlus aria-hidden="true" className="size-4" />
                Alert me about new jobs like these
              </Button>
            ) : null}
          </div>
          {/* The cards' titles are h3s: this keeps the outline in order for screen readers. */}
          <h2 className="sr-only">Jobs found</h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy={jobs.isPlaceholderData}>
            {data.jobs.map((job) => (
              <li key={job.id}>
                <JobCard job={job} />
              </li>
            ))}
          </ul>
          <Pagination
            page={page}
            pageCount={pageCount}
            hrefFor={pageHref}
            nextCursor={jobs.isPlaceholderData ? null : data.nextCursor}
          />
        </>
      )}
    </>
  );
}
