import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import {
  MODERATION_STATUSES,
  ZTakeDown,
  type TAdminJob,
  type TModerationStatus,
  type TTakeDown,
} from '#shared/jobs/job-moderation.schemas';
import { Button } from '#client/components/ui/button';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
import { FormField } from '#client/components/ui/form-field';
import { Textarea } from '#client/components/ui/textarea';
import { useAdminJobs, useJobModeration } from '../api/admin-jobs';
import { ConsoleHeading, dateOnly, FilterForm, FilterInput, FilterSelect, SearchButton } from './console-bits';
import { PagedList, useListSearch } from './console-list';

const FILTERS = ['q', 'status'] as const;
const STATUS_LABELS: Record<TModerationStatus, string> = {
  draft: 'Draft',
  open: 'Open',
  closed: 'Closed',
  taken_down: 'Taken down',
};
const statusOf = (j: TAdminJob): TModerationStatus => (j.takenDownReason ? 'taken_down' : j.status);

/** /admin/dashboard/jobs?q=&status=&page=: every job, found by title or company; take one down with a reason, or restore it. */
export function JobsPage() {
  const { filters, search, setPage } = useListSearch(FILTERS);
  const query = useAdminJobs(search);
  const moderate = useJobModeration();
  const [target, setTarget] = useState<TAdminJob | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<TTakeDown>({ resolver: zodResolver(ZTakeDown), defaultValues: { reason: '' } });

  const closeDialog = () => {
    setTarget(null);
    reset();
  };
  const takeDown = handleSubmit(({ reason }) =>
    moderate.mutate({ kind: 'take-down', jobId: target!.id, reason }, { onSuccess: closeDialog }),
  );

  return (
    <div>
      <ConsoleHeading
        title="Jobs"
        description="Find a job by title or company; take down one that breaks the rules, with a reason its employer reads."
      />
      <FilterForm filters={FILTERS} className="grid gap-3 sm:grid-cols-[2fr_1fr_auto]">
        <FilterInput
          id="jobs-q"
          name="q"
          label="Search"
          type="search"
          value={filters.q}
          placeholder="Title or company"
        />
        <FilterSelect
          id="jobs-status"
          name="status"
          label="Status"
          value={filters.status}
          anyLabel="Any status"
          options={MODERATION_STATUSES}
          labels={STATUS_LABELS}
        />
        <SearchButton />
      </FilterForm>
      <PagedList query={query} label="jobs" onPage={setPage}>
        {(data) => (
          <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" aria-label="Jobs">
            {data.jobs.map((j) => (
              <li key={j.id} data-testid="admin-job" className="flex flex-wrap items-start gap-3 px-4 py-3 text-sm">
                <div className="min-w-0 flex-1 basis-64">
                  <Link
                    to={`/jobs/${j.id}`}
                    className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
                  >
                    {j.title}
                  </Link>
                  <p className="text-xs text-zinc-600 dark:text-zinc-400">
                    {j.companyName} · posted by{' '}
                    <Link to={`/admin/dashboard/members/${j.employer.id}`} className="underline">
                      {j.employer.fullName}
                    </Link>{' '}
                    · {dateOnly(j.createdAt)} · {j.applicantCount} applicant{j.applicantCount === 1 ? '' : 's'}
                  </p>
                  {j.takenDownReason ? (
                    <p className="mt-1 text-xs text-red-700 dark:text-red-400">Taken down: {j.takenDownReason}</p>
                  ) : null}
                </div>
                <span
                  className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs font-medium dark:bg-zinc-800"
                  data-testid="admin-job-status"
                >
                  {STATUS_LABELS[statusOf(j)]}
                </span>
                {j.takenDownReason ? (
                  <Button
                    size="sm"
                    variant="outline"
                    loading={moderate.isPending && moderate.variables?.jobId === j.id}
                    onClick={() => moderate.mutate({ kind: 'restore', jobId: j.id })}
                  >
                    Restore
                  </Button>
                ) : (
                  <Button size="sm" variant="ghost-destructive" onClick={() => setTarget(j)}>
                    Take down
                  </Button>
                )}
              </li>
            ))}
            {data.jobs.length === 0 ? (
              <li className="px-4 py-8 text-center text-sm text-zinc-600 dark:text-zinc-400">No job matches.</li>
            ) : null}
          </ul>
        )}
      </PagedList>
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => (open ? undefined : closeDialog())}
        title={`Take down "${target?.title ?? ''}"?`}
        description="The job closes at once and its employer is told why. They cannot edit or reopen it unless you restore it."
        confirmText="Take down"
        confirmVariant="destructive"
        loading={moderate.isPending}
        onConfirm={() => void takeDown()}
      >
        <div className="mt-3">
          <FormField id="take-down-reason" label="Reason (the employer reads it)" error={errors.reason?.message}>
            {(control) => <Textarea {...control} {...register('reason')} rows={3} maxLength={2000} />}
          </FormField>
        </div>
      </ConfirmDialog>
    </div>
  );
}
