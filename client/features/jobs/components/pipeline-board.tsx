import { useState, type DragEvent } from 'react';
import { Link } from 'react-router';
import {
  PIPELINE_STAGES,
  STAGE_LABELS,
  type TApplicationStatus,
  type TEmployerApplication,
  type TJobDetail,
} from '#shared/jobs/jobs.schemas';
import { LoadFailedCard } from '#client/components/load-failed-card';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { cn } from '#client/lib/cn';
import { MessageButton } from '#client/features/chat';
import { useJobApplications } from '../api/get-dashboards';
import { useMoveApplication } from '../api/job-mutations';
import { BulkRejectDialog } from './bulk-reject-dialog';
import { formatDate } from '../format';
import { CvViewer } from './cv-viewer';
import { MoveApplicantForm } from './move-applicant-form';
import { ProvenSkillFilter, ProvenSkills } from '#client/features/passport';

const COLUMNS: TApplicationStatus[] = [...PIPELINE_STAGES, 'rejected'];
const closedStage = (s: TApplicationStatus) => s === 'hired' || s === 'rejected' || s === 'withdrawn';

interface CardProps {
  application: TEmployerApplication;
  job: TJobDetail;
  selected: boolean;
  onSelect: (selected: boolean) => void;
}

function ApplicantCard({ application, job, selected, onSelect }: CardProps) {
  const a = application;
  return (
    <Card
      className="min-w-0 space-y-2 p-3 text-sm break-words lg:p-2"
      data-testid="applicant-card"
      draggable={!closedStage(a.status)}
      onDragStart={(e: DragEvent) => e.dataTransfer.setData('text/application', a.id)}
    >
      <p className="flex items-start gap-2 font-medium">
        {!closedStage(a.status) ? (
          <input
            type="checkbox"
            className="mt-1"
            checked={selected}
            onChange={(e) => onSelect(e.target.checked)}
            aria-label={`Select ${a.applicant.fullName}`}
          />
        ) : null}
        {a.applicant.username ? (
          <Link to={`/u/${a.applicant.username}`} className="hover:underline">
            {a.applicant.fullName}
          </Link>
        ) : (
          a.applicant.fullName
        )}
      </p>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">Applied {formatDate(a.createdAt)}</p>
      {a.provenSkills.length > 0 ? (
        <ProvenSkills skills={a.provenSkills.slice(0, 4)} label={`Proven skills of ${a.applicant.fullName}`} />
      ) : null}
      {a.provenSkills.some((s) => s.sentence) ? (
        <details>
          <summary className="cursor-pointer text-xs font-medium">How they match</summary>
          {/* The same sentences the applicant sees in "How you match" (issue 31 item 3). */}
          <ul className="mt-1 space-y-1 text-xs" data-testid="applicant-sentences">
            {a.provenSkills.map((s) => (s.sentence ? <li key={s.slug}>{s.sentence}</li> : null))}
          </ul>
        </details>
      ) : null}
      {a.cv ? (
        <CvViewer cv={a.cv} applicantName={a.applicant.fullName} />
      ) : (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">No CV attached</p>
      )}
      {a.coverLetter || a.answers.length ? (
        <details>
          <summary className="cursor-pointer text-xs font-medium">Cover letter and answers</summary>
          {a.coverLetter ? <p className="mt-1 whitespace-pre-wrap">{a.coverLetter}</p> : null}
          <dl className="mt-1 space-y-1">
            {a.answers.map((ans) => (
              <div key={ans.questionId}>
                <dt className="text-xs text-zinc-600 dark:text-zinc-400">
                  {job.screeningQuestions.find((q) => q.id === ans.questionId)?.question ?? 'Question'}
                </dt>
                <dd>{ans.answer}</dd>
              </div>
            ))}
          </dl>
        </details>
      ) : null}
      {a.history.some((e) => e.note) ? (
        <details>
          <summary className="cursor-pointer text-xs font-medium">Private notes</summary>
          <ul className="mt-1 space-y-1 text-xs">
            {a.history
              .filter((e) => e.note)
              .map((e, i) => (
                <li key={i}>
                  {formatDate(e.at)}: {e.note}
                </li>
              ))}
          </ul>
        </details>
      ) : null}
      {!closedStage(a.status) ? <MoveApplicantForm jobId={job.id} application={a} /> : null}
      <MessageButton userId={a.applicant.id} context={{ kind: 'job', id: job.id }} variant="ghost" />
    </Card>
  );
}

/** A job's pipeline: a column per stage. Drag a card to a column, or use its "Move to" menu (keyboard). */
export function PipelineBoard({ job }: { job: TJobDetail }) {
  const applications = useJobApplications(job.id);
  const move = useMoveApplication(job.id);
  const [over, setOver] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [rejecting, setRejecting] = useState(false);
  const [proven, setProven] = useState('');
  const filtered = useJobApplications(proven ? job.id : null, proven);
  if (applications.isError)
    return (
      <LoadFailedCard
        what="the applicants"
        onRetry={() => void applications.refetch()}
        retrying={applications.isFetching}
        variant="compact"
      />
    );
  const all = applications.data?.applications ?? [];
  // The employer's filter by a skill proven on the applicant's passport (issue 31), asked of the server.
  const list = proven ? (filtered.data?.applications ?? []) : all;
  const onDrop = (status: TApplicationStatus) => (e: DragEvent) => {
    e.preventDefault();
    setOver(null);
    const id = e.dataTransfer.getData('text/application');
    const a = list.find((x) => x.id === id);
    if (a && a.status !== status && status !== 'submitted') move.mutate({ applicationId: id, status });
  };
  return (
    <section aria-label={`Pipeline for ${job.title}`} className="min-w-0">
      <ProvenSkillFilter id={`proven-${job.id}`} people={all} value={proven} onChange={setProven} />
      {chosen.size ? (
        <div className="mb-3 flex flex-wrap items-center gap-2">
          <span className="text-sm">{chosen.size} selected</span>
          <Button size="sm" variant="destructive" onClick={() => setRejecting(true)}>
            Reject selected
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setChosen(new Set())}>
            Clear
          </Button>
        </div>
      ) : null}
      <BulkRejectDialog
        jobId={job.id}
        applicationIds={[...chosen]}
        open={rejecting}
        onOpenChange={setRejecting}
        onRejected={() => setChosen(new Set())}
      />
      {/*
        Below lg the columns scroll sideways inside this strip, one column at a time (snap), the next
        one peeking in; the page itself never scrolls sideways. From lg the seven stages share the
        width, so "Hired" and "Not selected" are always in sight. Focusable so the keyboard scrolls it.
      */}
      <div
        tabIndex={0}
        role="group"
        aria-label="Stages"
        data-testid="pipeline-stages"
        className={cn(
          '-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-2 sm:-mx-6 sm:scroll-px-6 sm:px-6',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:focus-visible:outline-indigo-400',
          'lg:mx-0 lg:grid lg:grid-cols-7 lg:gap-2 lg:overflow-visible lg:px-0 lg:pb-0',
        )}
      >
        {COLUMNS.map((status) => {
          const here = list.filter((a) => a.status === status);
          return (
            <div
              key={status}
              role="region"
              aria-label={`${STAGE_LABELS[status]} (${here.length})`}
              data-testid={`stage-${status}`}
              onDragOver={(e) => {
                if (!e.dataTransfer.types.includes('text/application')) return;
                e.preventDefault();
                setOver(status);
              }}
              onDragLeave={() => setOver(null)}
              onDrop={onDrop(status)}
              className={cn(
                'min-h-32 w-[80vw] max-w-72 shrink-0 snap-start space-y-2 rounded-xl bg-zinc-100/70 p-2 dark:bg-zinc-900/60',
                'lg:w-auto lg:max-w-none lg:min-w-0 lg:p-1.5',
                over === status && 'ring-2 ring-indigo-500',
              )}
            >
              <h3 className="px-1 text-sm font-semibold break-words">
                {STAGE_LABELS[status]}{' '}
                <span className="font-normal text-zinc-600 dark:text-zinc-400">({here.length})</span>
              </h3>
              {here.map((a) => (
                <ApplicantCard
                  key={a.id}
                  application={a}
                  job={job}
                  selected={chosen.has(a.id)}
                  onSelect={(on) => {
                    const next = new Set(chosen);
                    if (on) next.add(a.id);
                    else next.delete(a.id);
                    setChosen(next);
                  }}
                />
              ))}
            </div>
          );
        })}
      </div>
      {list.some((a) => a.status === 'withdrawn') ? (
        <p className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">
          {list.filter((a) => a.status === 'withdrawn').length} withdrew.
        </p>
      ) : null}
    </section>
  );
}
