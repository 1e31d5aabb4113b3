import { Bell, Bookmark, Briefcase, Trash2 } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { STAGE_LABELS, WITHDRAWABLE, type TSeekerApplication } from '#shared/jobs/jobs.schemas';
import { LoadFailedCard } from '#client/components/load-failed-card';
import { PageHeader } from '#client/components/page-header';
import { StateCard } from '#client/components/state-card';
import { Button, buttonClasses } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { useMyApplications, useSavedJobs } from '../api/get-dashboards';
import { useJobs } from '../api/get-jobs';
import { useWithdraw } from '../api/job-mutations';
import { useSavedSearchActions, useSavedSearches } from '../api/saved-searches';
import { Alert } from '#client/components/ui/alert';
import { formatDate } from '../format';
import { JobCard } from './job-card';

function ApplicationCard({ application }: { application: TSeekerApplication }) {
  const withdraw = useWithdraw();
  return (
    <Card className="space-y-3 p-4" data-testid="application-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold">
            <Link to={`/jobs/${application.job.id}`} className="hover:underline">
              {application.job.title}
            </Link>
          </h3>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {application.job.companyName} · applied {formatDate(application.createdAt)}
          </p>
        </div>
        <span
          className="rounded-full bg-indigo-50 px-2.5 py-1 text-xs font-semibold text-indigo-800 dark:bg-indigo-950/60 dark:text-indigo-200"
          data-testid="application-stage"
        >
          {STAGE_LABELS[application.status]}
        </span>
      </div>
      <ol className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-zinc-600 dark:text-zinc-400" aria-label="Timeline">
        {application.history.map((e, i) => (
          <li key={`${e.status}-${i}`}>
            {STAGE_LABELS[e.status]} · {formatDate(e.at)}
          </li>
        ))}
      </ol>
      {WITHDRAWABLE.includes(application.status) ? (
        <Button
          variant="ghost-destructive"
          size="sm"
          loading={withdraw.isPending}
          onClick={() => withdraw.mutate(application.id)}
        >
          Withdraw
        </Button>
      ) : null}
    </Card>
  );
}

function SavedSearches() {
  const searches = useSavedSearches();
  const { setDigest, remove } = useSavedSearchActions();
  const list = searches.data?.searches ?? [];
  return (
    <section aria-labelledby="searches-title" className="mb-10 space-y-3">
      <h2 id="searches-title" className="flex items-center gap-2 text-lg font-semibold">
        <Bell aria-hidden="true" className="size-5" />
        Saved searches
      </h2>
      {searches.data && list.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          On the{' '}
          <Link to="/jobs" className="underline">
            board
          </Link>
          , choose “Alert me about new jobs like these” to hear of new matches.
        </p>
      ) : (
        <ul className="divide-y divide-zinc-200 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
          {list.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <Link to={`/jobs${s.query ? `?${s.query}` : ''}`} className="font-medium hover:underline">
                {s.name}
              </Link>
              <div className="flex items-center gap-3">
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={s.emailDigest}
                    onChange={(e) => setDigest.mutate({ id: s.id, emailDigest: e.target.checked })}
                  />
                  Daily email
                </label>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Delete the saved search ${s.name}`}
                  onClick={() => remove.mutate(s.id)}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** /jobs/seeker: my applications with their stage and timeline, saved jobs, and best matches open now. */
export function SeekerDashboardPage() {
  const [params] = useSearchParams();
  const applications = useMyApplications();
  const saved = useSavedJobs();
  const recommended = useJobs({ sort: 'best_match', page: 1, pageSize: 6 });
  const matches = (recommended.data?.jobs ?? []).filter((j) => j.match && j.match.shared > 0);
  return (
    <>
      <PageHeader
        title="Job seeker dashboard"
        description="Your applications and saved jobs."
        actions={
          <Link to="/jobs" className={buttonClasses('outline')}>
            <Briefcase aria-hidden="true" className="size-4" />
            Find jobs
          </Link>
        }
      />
      {params.get('digest') === 'stopped' ? (
        <div className="mb-6">
          <Alert tone="success">You will get no more emails for that saved search. Its alerts still show here.</Alert>
        </div>
      ) : null}
      <section aria-labelledby="apps-title" className="mb-10 space-y-3">
        <h2 id="apps-title" className="text-lg font-semibold">
          My applications
        </h2>
        {applications.isError ? (
          <LoadFailedCard
            what="your applications"
            onRetry={() => void applications.refetch()}
            retrying={applications.isFetching}
            variant="compact"
          />
        ) : !applications.data ? (
          <p role="status" className="text-sm text-zinc-600">
            Loading…
          </p>
        ) : applications.data.applications.length === 0 ? (
          <StateCard
            icon={Briefcase}
            title="No applications yet"
            inline
            actions={
              <Link to="/jobs" className={buttonClasses('primary')}>
                Browse jobs
              </Link>
            }
          >
            When you apply to a job, you follow it here stage by stage.
          </StateCard>
        ) : (
          <ul className="grid gap-3 lg:grid-cols-2">
            {applications.data.applications.map((a) => (
              <li key={a.id}>
                <ApplicationCard application={a} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="saved-title" className="mb-10 space-y-3">
        <h2 id="saved-title" className="flex items-center gap-2 text-lg font-semibold">
          <Bookmark aria-hidden="true" className="size-5" />
          Saved jobs
        </h2>
        {saved.data && saved.data.jobs.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">Jobs you save show here.</p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {(saved.data?.jobs ?? []).map((j) => (
              <li key={j.id}>
                <JobCard job={j} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <SavedSearches />
      {matches.length ? (
        <section aria-labelledby="recommended-title" className="space-y-3">
          <h2 id="recommended-title" className="text-lg font-semibold">
            Recommended for you
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {matches.map((j) => (
              <li key={j.id}>
                <JobCard job={j} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
