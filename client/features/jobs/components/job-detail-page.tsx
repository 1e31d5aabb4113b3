import { Bookmark, BookmarkCheck, Building2, CalendarClock, MapPin, SearchX, Users } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { STAGE_LABELS } from '#shared/jobs/jobs.schemas';
import { DocumentTitle } from '#client/components/document-title';
import { LoadFailedCard } from '#client/components/load-failed-card';
import { Markdown } from '#client/components/markdown';
import { StateCard } from '#client/components/state-card';
import { Alert } from '#client/components/ui/alert';
import { Button, buttonClasses } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { PageSpinner } from '#client/components/ui/spinner';
import { isApiError } from '#client/lib/api-client';
import { useUser } from '#client/features/accounts';
import { useJob } from '../api/get-jobs';
import { backToJob } from '../back-to-job';
import { useSaveForLater } from '../api/job-mutations';
import { formatDate, formatSalary, jobFacts, pastDeadline } from '../format';
import { ApplyDialog } from './apply-dialog';
import { JobMatchPanel } from './job-match-panel';

/** /jobs/{id}: the job, its company, how the member matches, Apply and Save; open to visitors (decision 055). */
export function JobDetailPage() {
  const { jobId = '' } = useParams();
  const { data: user } = useUser();
  const job = useJob(jobId);
  const save = useSaveForLater(jobId);
  const [applying, setApplying] = useState(false);

  if (job.isPending) return <PageSpinner label="Loading the job…" />;
  if (job.isError) {
    if (isApiError(job.error, 404)) {
      return (
        <StateCard
          icon={SearchX}
          title="Job not found"
          actions={
            <Link to="/jobs" className={buttonClasses('outline')}>
              Back to jobs
            </Link>
          }
        >
          It may have been removed, or the link is wrong.
        </StateCard>
      );
    }
    return <LoadFailedCard what="this job" onRetry={() => void job.refetch()} retrying={job.isFetching} />;
  }
  const j = job.data;
  const salary = formatSalary(j);
  const closed = j.status === 'closed' || pastDeadline(j);
  const application = j.viewer.application;

  return (
    <article className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <DocumentTitle title={j.title} />
      <div className="min-w-0 space-y-4">
        <header className="space-y-2">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{j.title}</h1>
          <p className="flex items-center gap-1.5 text-zinc-700 dark:text-zinc-300">
            <Building2 aria-hidden="true" className="size-4" />
            {j.companyName}
          </p>
          <p className="flex items-center gap-1.5 text-sm text-zinc-600 dark:text-zinc-400">
            <MapPin aria-hidden="true" className="size-4" />
            {jobFacts(j)}
          </p>
          {salary ? <p className="font-medium text-emerald-700 dark:text-emerald-400">{salary}</p> : null}
          <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-zinc-600 dark:text-zinc-400">
            <span className="flex items-center gap-1.5">
              <Users aria-hidden="true" className="size-4" />
              {j.applicantCount} applicant{j.applicantCount === 1 ? '' : 's'}
            </span>
            {j.deadline ? (
              <span className="flex items-center gap-1.5">
                <CalendarClock aria-hidden="true" className="size-4" />
                Apply by {formatDate(j.deadline)}
              </span>
            ) : null}
            <span>Posted {formatDate(j.createdAt)}</span>
          </p>
        </header>
        {j.takenDownReason ? (
          <Alert tone="error">An administrator took this job down: {j.takenDownReason}</Alert>
        ) : null}
        {j.status === 'draft' ? <Alert tone="info">This job is a draft: only you can see it.</Alert> : null}
        {closed && j.status !== 'draft' ? (
          <Alert tone="info">
            {j.status === 'closed'
              ? 'This job is closed and no longer takes applications.'
              : 'The deadline for this job has passed.'}
          </Alert>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {j.viewer.canEdit ? (
            <Link to={`/jobs/employer?job=${j.id}`} className={buttonClasses('primary')}>
              Manage this job
            </Link>
          ) : application && application.status !== 'withdrawn' ? (
            <p
              className="rounded-lg bg-indigo-50 px-3 py-2 text-sm text-indigo-800 dark:bg-indigo-950/60 dark:text-indigo-200"
              role="status"
            >
              You applied on {formatDate(application.createdAt)} · {STAGE_LABELS[application.status]} ·{' '}
              <Link to="/jobs/seeker" className="underline">
                Follow it
              </Link>
            </p>
          ) : user ? (
            <Button onClick={() => setApplying(true)} disabled={closed || j.status !== 'open'}>
              Apply
            </Button>
          ) : (
            <Link to="/auth" state={backToJob(j.id)} className={buttonClasses('primary')}>
              Sign in to apply
            </Link>
          )}
          {user && !j.viewer.canEdit ? (
            <Button
              variant="outline"
              aria-pressed={j.viewer.saved}
              loading={save.isPending}
              onClick={() => save.mutate(!j.viewer.saved)}
            >
              {j.viewer.saved ? (
                <BookmarkCheck aria-hidden="true" className="size-4" />
              ) : (
                <Bookmark aria-hidden="true" className="size-4" />
              )}
              {j.viewer.saved ? 'Saved' : 'Save'}
            </Button>
          ) : null}
        </div>
        <Card className="p-4 sm:p-6">
          <h2 className="mb-2 text-base font-semibold">About the job</h2>
          <Markdown source={j.description} />
        </Card>
      </div>
      <aside className="space-y-4">
        <Card className="space-y-2 p-4">
          <h2 className="text-base font-semibold">Skills</h2>
          {j.skills.length ? (
            <ul className="flex flex-wrap gap-1.5">
              {j.skills.map((s) => (
                <li
                  key={s.slug}
                  className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"
                >
                  {s.name}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">None listed.</p>
          )}
        </Card>
        {!j.viewer.canEdit ? <JobMatchPanel jobId={j.id} signedIn={Boolean(user)} /> : null}
        {j.employer ? (
          <Card className="space-y-1 p-4 text-sm">
            <h2 className="text-base font-semibold">Posted by</h2>
            <p>
              {j.employer.username ? (
                <Link to={`/u/${j.employer.username}`} className="underline">
                  {j.employer.fullName}
                </Link>
              ) : (
                j.employer.fullName
              )}{' '}
              for {j.companyName}
            </p>
          </Card>
        ) : null}
      </aside>
      {applying ? <ApplyDialog job={j} open={applying} onOpenChange={setApplying} /> : null}
    </article>
  );
}
