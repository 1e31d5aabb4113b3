import { Briefcase, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PIPELINE_STAGES, STAGE_LABELS, type TEmployerJob } from '#shared/jobs/jobs.schemas';
import { holdsRole } from '#shared/roles';
import { LoadFailedCard } from '#client/components/load-failed-card';
import { PageHeader } from '#client/components/page-header';
import { StateCard } from '#client/components/state-card';
import { Button, buttonClasses } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { PageSpinner } from '#client/components/ui/spinner';
import { useUser } from '#client/features/accounts';
import { useEmployerJobs } from '../api/get-dashboards';
import { useJob } from '../api/get-jobs';
import { useCloseJob } from '../api/job-mutations';
import { formatDate, jobFacts } from '../format';
import { JobForm } from './job-form';
import { PipelineBoard } from './pipeline-board';

const DAY = 86_400_000;

function EmployerJobCard({ job, onOpen, onEdit }: { job: TEmployerJob; onOpen: () => void; onEdit: () => void }) {
  const close = useCloseJob();
  const [now] = useState(() => Date.now());
  const daysOpen = Math.max(0, Math.floor((now - new Date(job.createdAt).getTime()) / DAY));
  return (
    <Card className="space-y-2 p-4" data-testid="employer-job">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold">
            <Link to={`/jobs/${job.id}`} className="hover:underline">
              {job.title}
            </Link>
          </h3>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{jobFacts(job)}</p>
        </div>
        <span className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs font-medium capitalize dark:bg-zinc-800">
          {job.takenDownReason ? 'Taken down' : job.status}
        </span>
      </div>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        {job.status === 'open'
          ? `Open ${daysOpen} day${daysOpen === 1 ? '' : 's'}`
          : `Posted ${formatDate(job.createdAt)}`}
        {job.deadline ? ` · deadline ${formatDate(job.deadline)}` : ''} · {job.views} view{job.views === 1 ? '' : 's'} ·{' '}
        {job.applicantCount} applicant
        {job.applicantCount === 1 ? '' : 's'}
      </p>
      <ul className="flex flex-wrap gap-1.5 text-xs" aria-label="Applicants per stage">
        {[...PIPELINE_STAGES, 'rejected' as const].map((s) => (
          <li key={s} className="rounded bg-zinc-100 px-1.5 py-0.5 dark:bg-zinc-800">
            {STAGE_LABELS[s]}: {job.stageCounts[s] ?? 0}
          </li>
        ))}
      </ul>
      {job.takenDownReason ? (
        <p className="text-xs text-red-700 dark:text-red-400">Taken down: {job.takenDownReason}</p>
      ) : null}
      <div className="flex flex-wrap gap-2 pt-1">
        <Button size="sm" onClick={onOpen}>
          Pipeline
        </Button>
        {!job.takenDownReason ? (
          <Button size="sm" variant="outline" onClick={onEdit}>
            Edit
          </Button>
        ) : null}
        {job.status === 'open' ? (
          <Button size="sm" variant="ghost-destructive" loading={close.isPending} onClick={() => close.mutate(job.id)}>
            Close
          </Button>
        ) : null}
      </div>
    </Card>
  );
}

function SelectedJob({ id, mode, onDone }: { id: string; mode: 'pipeline' | 'edit'; onDone: () => void }) {
  const job = useJob(id);
  const jobs = useEmployerJobs();
  if (!job.data)
    return job.isError ? (
      <LoadFailedCard what="the job" onRetry={() => void job.refetch()} retrying={job.isFetching} variant="compact" />
    ) : (
      <PageSpinner label="Loading the job…" />
    );
  if (mode === 'edit') {
    const summary = jobs.data?.jobs.find((j) => j.id === id);
    return summary ? (
      <JobForm
        key={id}
        job={{ ...summary, description: job.data.description, screeningQuestions: job.data.screeningQuestions }}
        onDone={onDone}
      />
    ) : null;
  }
  return (
    <div className="space-y-3">
      <h2 className="text-lg font-semibold">Pipeline: {job.data.title}</h2>
      <PipelineBoard job={job.data} />
    </div>
  );
}

/** /jobs/employer and /employer/dashboard: the employer's jobs, applicants per stage, posting, and each job's pipeline. */
export function EmployerDashboardPage() {
  const { data: user } = useUser();
  const jobs = useEmployerJobs();
  const [params, setParams] = useSearchParams();
  const selected = params.get('job');
  const mode = params.get('mode') === 'edit' ? 'edit' : 'pipeline';
  const posting = params.get('mode') === 'post';
  const go = (next: Record<string, string>) => setParams(next, { preventScrollReset: true });

  if (user && !holdsRole(user, 'employer')) {
    return (
      <>
        <PageHeader title="Employer dashboard" />
        <StateCard
          icon={Briefcase}
          title="Hire on the platform"
          inline
          actions={
            <Link to="/profile" className={buttonClasses('primary')}>
              Take on the employer role
            </Link>
          }
        >
          Posting jobs needs the employer role. Take it on from your profile, with your company's details.
        </StateCard>
      </>
    );
  }
  return (
    <>
      <PageHeader
        title="Employer dashboard"
        description="Your job posts and applicants."
        actions={
          <Button onClick={() => go({ mode: 'post' })}>
            <Plus aria-hidden="true" className="size-4" />
            Post a job
          </Button>
        }
      />
      {posting ? (
        <div className="mb-8">
          <JobForm job={null} onDone={(saved) => go({ job: saved.id })} />
        </div>
      ) : null}
      {selected ? (
        <div className="mb-8">
          <SelectedJob id={selected} mode={mode} onDone={() => go({ job: selected })} />
        </div>
      ) : null}
      <section aria-labelledby="my-jobs-title" className="space-y-3">
        <h2 id="my-jobs-title" className="text-lg font-semibold">
          Your jobs
        </h2>
        {jobs.isError ? (
          <LoadFailedCard what="your jobs" onRetry={() => void jobs.refetch()} retrying={jobs.isFetching} />
        ) : !jobs.data ? (
          <p role="status" className="text-sm text-zinc-600">
            Loading…
          </p>
        ) : jobs.data.jobs.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">You have not posted a job yet.</p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
            {jobs.data.jobs.map((j) => (
              <li key={j.id}>
                <EmployerJobCard
                  job={j}
                  onOpen={() => go({ job: j.id })}
                  onEdit={() => go({ job: j.id, mode: 'edit' })}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
