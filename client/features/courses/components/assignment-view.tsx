import { ExternalLink, FileText } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { SUBMISSION_STATUS_LABELS, type TSubmission, type TSubmissionInput } from '#shared/courses/assessments.schemas';
import { Alert } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { Input } from '#client/components/ui/input';
import { PageSpinner } from '#client/components/ui/spinner';
import { Textarea } from '#client/components/ui/textarea';
import { serverMessage } from '#client/lib/api-client';
import { UploadField } from '#client/features/uploads';
import { useAssignment, useSubmitWork } from '../api/assessments';

export const formatDue = (iso: string) =>
  new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Lagos' }).format(
    new Date(iso),
  );

/** The work handed in, as its learner and the tutor see it. */
export function SubmissionSummary({ submission }: { submission: TSubmission }) {
  return (
    <div className="space-y-2 text-sm">
      <p>
        <span className="font-semibold">{SUBMISSION_STATUS_LABELS[submission.status]}</span>
        {submission.late ? (
          <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-200">
            Late
          </span>
        ) : null}
        <span className="text-zinc-600 dark:text-zinc-400"> · handed in {formatDue(submission.submittedAt)}</span>
      </p>
      {submission.text ? (
        <p className="whitespace-pre-wrap rounded-lg bg-zinc-50 p-3 dark:bg-zinc-800/60">{submission.text}</p>
      ) : null}
      {submission.url ? (
        <a
          href={submission.url}
          target="_blank"
          rel="noreferrer noopener"
          className="inline-flex items-center gap-1 font-medium text-indigo-700 underline dark:text-indigo-300"
        >
          {submission.url} <ExternalLink aria-hidden="true" className="size-3.5" />
        </a>
      ) : null}
      {submission.file ? (
        <a
          href={submission.file.url}
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-1.5 font-medium text-indigo-700 underline dark:text-indigo-300"
        >
          <FileText aria-hidden="true" className="size-4" /> {submission.file.name}
        </a>
      ) : null}
      {submission.feedback ? (
        <p className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-700">
          <span className="font-semibold">Feedback: </span>
          {submission.feedback}
        </p>
      ) : null}
    </div>
  );
}

type Mode = 'text' | 'link' | 'document' | 'image';
const MODES: Array<{ value: Mode; label: string }> = [
  { value: 'text', label: 'Text' },
  { value: 'document', label: 'PDF' },
  { value: 'image', label: 'Image' },
  { value: 'link', label: 'Link' },
];

/** An assignment in the player: the due date, the work handed in and its grade, and the form to hand in. */
export function AssignmentView({
  courseId,
  lessonId,
  canSubmit,
}: {
  courseId: string;
  lessonId: string;
  canSubmit: boolean;
}) {
  const assignment = useAssignment(courseId, lessonId);
  const submit = useSubmitWork(courseId, lessonId);
  const [mode, setMode] = useState<Mode>('text');
  const [text, setText] = useState('');
  const [url, setUrl] = useState('');
  const [file, setFile] = useState<{ id: string; name: string } | null>(null);
  if (assignment.isPending) return <PageSpinner label="Loading the assignment" />;
  if (assignment.isError)
    return <Alert tone="error">{serverMessage(assignment.error) ?? 'Could not load the assignment.'}</Alert>;
  const a = assignment.data;
  const mine = a.submission;
  const open = canSubmit && (!mine || mine.status === 'needs_work');
  const due = a.myDueAt ?? a.dueAt;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const input: TSubmissionInput | null =
      mode === 'text'
        ? { kind: 'text', text }
        : mode === 'link'
          ? { kind: 'link', url }
          : file
            ? { kind: 'file', uploadId: file.id }
            : null;
    if (input) submit.mutate(input);
  }

  return (
    <div className="space-y-5">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {due ? `Due ${formatDue(due)}` : a.dueDays ? `Due ${a.dueDays} days after enrolment` : 'No due date'}
        {due && !mine && new Date(due) < new Date() ? ' · past due: you can still hand in, marked late' : ''}
      </p>
      {mine ? (
        <section
          aria-labelledby="my-work"
          className="space-y-2 rounded-2xl border border-zinc-200 bg-white p-4 sm:p-6 dark:border-zinc-800 dark:bg-zinc-900"
        >
          <h3 id="my-work" className="text-base font-semibold">
            Your work
          </h3>
          <SubmissionSummary submission={mine} />
        </section>
      ) : null}
      {open ? (
        <form
          onSubmit={onSubmit}
          className="space-y-4 rounded-2xl border border-zinc-200 bg-white p-4 sm:p-6 dark:border-zinc-800 dark:bg-zinc-900"
          aria-label="Hand in your work"
        >
          <fieldset className="flex flex-wrap gap-2">
            <legend className="mb-2 text-sm font-semibold">{mine ? 'Hand in again as' : 'Hand in as'}</legend>
            {MODES.map((m) => (
              <label
                key={m.value}
                className="flex min-h-10 cursor-pointer items-center gap-2 rounded-lg border border-zinc-200 px-3 text-sm has-checked:border-indigo-500 dark:border-zinc-700"
              >
                <input
                  type="radio"
                  name="submission-kind"
                  value={m.value}
                  checked={mode === m.value}
                  onChange={() => setMode(m.value)}
                  className="accent-indigo-600"
                />
                {m.label}
              </label>
            ))}
          </fieldset>
          {mode === 'text' ? (
            <div className="space-y-1">
              <label htmlFor="submission-text" className="text-sm font-medium">
                Your answer
              </label>
              <Textarea
                id="submission-text"
                rows={6}
                value={text}
                onChange={(e) => setText(e.target.value)}
                maxLength={20_000}
              />
            </div>
          ) : mode === 'link' ? (
            <div className="space-y-1">
              <label htmlFor="submission-url" className="text-sm font-medium">
                Link to your work
              </label>
              <Input
                id="submission-url"
                type="url"
                inputMode="url"
                placeholder="https://"
                value={url}
                onChange={(e) => setUrl(e.target.value)}
              />
            </div>
          ) : (
            <UploadField
              key={mode}
              id="submission-file"
              kind={mode}
              label={mode === 'document' ? 'Your PDF' : 'Your image'}
              onUploaded={(upload) => setFile({ id: upload.id, name: upload.name })}
            >
              {file ? <p className="text-sm">Ready to hand in: {file.name}</p> : null}
            </UploadField>
          )}
          {submit.isError ? (
            <Alert tone="error">{serverMessage(submit.error) ?? 'Could not hand in your work.'}</Alert>
          ) : null}
          <Button
            type="submit"
            loading={submit.isPending}
            loadingText="Handing in…"
            disabled={(mode === 'document' || mode === 'image') && !file}
          >
            Hand in
          </Button>
        </form>
      ) : null}
      {!canSubmit ? (
        <Alert tone="info">This is what learners see. Enrolled learners hand in their work here.</Alert>
      ) : null}
    </div>
  );
}
