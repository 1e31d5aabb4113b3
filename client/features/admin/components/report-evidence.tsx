import { Link } from 'react-router';
import { ZReportEvidence, type TReportEvidence, type TReportKind } from '#shared/reports/reports.schemas';
import { cn } from '#client/lib/cn';
import { RawDetails } from './audit-entry';
import { dateTime } from './console-bits';

const KIND_LABELS: Record<TReportKind, string> = {
  message: 'A message was reported',
  member: 'A member was reported',
  lesson_question: 'A lesson question was reported',
  lesson_answer: 'A lesson answer was reported',
};

const memberLink = 'font-medium text-indigo-700 hover:underline dark:text-indigo-300';

function Person({ person }: { person: TReportEvidence['reporter'] }) {
  if (!person) return <span>a former member</span>;
  return (
    <Link to={`/admin/dashboard/members/${person.id}`} className={memberLink}>
      {person.name}
    </Link>
  );
}

/** The conversation as it read when the report was made, the reported message marked. */
function Thread({ thread }: { thread: NonNullable<TReportEvidence['thread']> }) {
  return (
    <div>
      <h4 className="font-medium">Conversation at the time of the report</h4>
      <p className="text-xs text-zinc-500 dark:text-zinc-400">
        Copied when the report was made: later edits and deletions do not change it.
      </p>
      <ol className="mt-2 max-h-96 space-y-1 overflow-auto rounded-lg border border-zinc-200 p-2 dark:border-zinc-800">
        {thread.lines.map((line) => {
          const reported = line.id === thread.reportedMessageId;
          return (
            <li
              key={line.id}
              data-reported={reported || undefined}
              className={cn(
                'rounded-md px-2 py-1.5',
                reported && 'bg-amber-50 ring-1 ring-amber-300 dark:bg-amber-950/50 dark:ring-amber-700',
              )}
            >
              <p className="flex flex-wrap items-baseline gap-x-2">
                <span className="font-medium">{line.senderName}</span>
                <span className="text-xs text-zinc-500 dark:text-zinc-400">{dateTime(line.createdAt)}</span>
                {reported ? (
                  <span className="text-xs font-semibold text-amber-800 dark:text-amber-200">Reported message</span>
                ) : null}
              </p>
              <p className={cn('break-words whitespace-pre-wrap', line.deleted && 'text-zinc-500 italic')}>
                {line.deleted ? 'This message was deleted' : line.body}
                {line.attachment ? <span className="text-zinc-500"> (attachment)</span> : null}
              </p>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** A report's evidence in words; anything else a queue sends shows as its raw record. */
export function ReportEvidence({ evidence }: { evidence: unknown }) {
  const parsed = ZReportEvidence.safeParse(evidence);
  if (!parsed.success) return <RawDetails value={evidence} label="Evidence" open />;
  const e = parsed.data;
  return (
    <div className="space-y-3" data-testid="report-evidence">
      <p>
        <span className="font-medium">{KIND_LABELS[e.kind]}</span> by <Person person={e.reporter} />
        {e.subject ? (
          <>
            {' '}
            about <Person person={e.subject} />
          </>
        ) : null}
        .
      </p>
      <figure>
        <figcaption className="text-xs text-zinc-500 dark:text-zinc-400">The reporter’s note</figcaption>
        <blockquote className="mt-1 border-l-2 border-zinc-300 pl-3 whitespace-pre-wrap dark:border-zinc-700">
          {e.reason}
        </blockquote>
      </figure>
      {e.thread && e.thread.lines.length > 0 ? (
        <Thread thread={e.thread} />
      ) : typeof e.excerpt === 'string' ? (
        <blockquote className="border-l-2 border-zinc-300 pl-3 whitespace-pre-wrap dark:border-zinc-700">
          {e.excerpt}
        </blockquote>
      ) : e.kind === 'message' || e.kind === 'member' ? (
        <p className="text-zinc-600 dark:text-zinc-400">No conversation was kept with this report.</p>
      ) : null}
      <RawDetails value={evidence} />
    </div>
  );
}
