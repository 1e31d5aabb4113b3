import { Building2, MapPin, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import type { TJobSummary } from '#shared/jobs/jobs.schemas';
import { Card } from '#client/components/ui/card';
import { formatDate, formatSalary, jobFacts, matchLabel } from '../format';

/** A job on the board: title (the link), company, where and what, salary, skills, and the match. */
export function JobCard({ job }: { job: TJobSummary }) {
  const salary = formatSalary(job);
  return (
    <Card
      className="relative flex h-full flex-col gap-2 p-4 transition-shadow focus-within:ring-2 focus-within:ring-indigo-500 hover:shadow-md"
      data-testid="job-card"
    >
      <h3 className="text-base font-semibold text-zinc-900 dark:text-white">
        <Link to={`/jobs/${job.id}`} className="after:absolute after:inset-0 focus:outline-none">
          {job.title}
        </Link>
      </h3>
      <p className="flex items-center gap-1.5 text-sm text-zinc-700 dark:text-zinc-300">
        <Building2 aria-hidden="true" className="size-4 shrink-0" />
        {job.companyName}
      </p>
      <p className="flex items-center gap-1.5 text-sm text-zinc-600 dark:text-zinc-400">
        <MapPin aria-hidden="true" className="size-4 shrink-0" />
        {jobFacts(job)}
      </p>
      {salary ? <p className="text-sm font-medium text-emerald-700 dark:text-emerald-400">{salary}</p> : null}
      {job.skills.length ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Skills">
          {job.skills.map((s) => (
            <li
              key={s.slug}
              className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"
            >
              {s.name}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-2 text-xs text-zinc-600 dark:text-zinc-400">
        <span>Posted {formatDate(job.createdAt)}</span>
        {/* A job that lists no skills has nothing to match: "0 of 0" said nothing. */}
        {job.match && job.match.total > 0 ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-indigo-50 px-2 py-0.5 font-medium text-indigo-700 dark:bg-indigo-950/60 dark:text-indigo-300">
            <Sparkles aria-hidden="true" className="size-3.5" />
            You match {matchLabel(job.match)}
          </span>
        ) : null}
      </div>
    </Card>
  );
}
