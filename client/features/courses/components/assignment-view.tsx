import { zodResolver } from '@hookform/resolvers/zod';
import { ExternalLink, FileText } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  SUBMISSION_STATUS_LABELS,
  ZSubmissionInput,
  type TSubmission,
  type TSubmissionInput,
} from '#shared/courses/assessments.schemas';
import { Alert } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { FieldError, FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { PageSpinner } from '#client/components/ui/spinner';
import { Textarea } from '#client/components/ui/textarea';
import { serverMessage } from '#client/lib/api-client';
import { applyFieldErrors } from '#client/lib/form-errors';
import { UploadField } from '#client/features/uploads';
import { useAssignment, useSubmitWork } from '../api/assessments';
import { dateFormat } from '#shared/format';

export const formatDue = (iso: string) =>
  dateFormat({ dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Lagos' }).format(new Date(iso));

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

const MODES = [
  { value: 'text', label: 'Text' },
  { value: 'document', label: 'PDF' },
  { value: 'image', label: 'Image' },
  { value: 'link', label: 'Link' },
] as const;

/**
 * The shared submission schema as the form holds it: every kind's field at once (switching keeps
 * what was typed), the chosen one handed in. A PDF and an image are both a file.
 */
const ZWorkForm = z
  .object({
    mode: z.enum(['text', 'document', 'image', 'link']),
    text: z.string(),
    url: z.string(),
    uploadId: z.string(),
    uploadName: z.string(),
  })
  .transform(({ mode, text, url, uploadId }) =>
    mode === 'text'
      ? { kind: 'text' as const, text }
      : mode === 'link'
        ? { kind: 'link' as const, url }
        : { kind: 'file' as const, uploadId },
  )
  .pipe(ZSubmissionInput);
type WorkDraft = z.input<typeof ZWorkForm>;

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
  const { control, register, handleSubmit, setError, setValue, formState } = useForm<
    WorkDraft,
    unknown,
    TSubmissionInput
  >({
    resolver: zodResolver(ZWorkForm),
    defaultValues: { mode: 'text', text: '', url: '', uploadId: '', uploadName: '' },
  });
  const { errors } = formState;
  const [mode, uploadName] = useWatch({ control, name: ['mode', 'uploadName'] });
  if (assignment.isPending) return <PageSpinner label="Loading the assignment" />;
  if (assignment.isError)
    return <Alert tone="error">{serverMessage(assignment.error) ?? 'Could not load the assignment.'}</Alert>;
  const a = assignment.data;
  const mine = a.submission;
  const open = canSubmit && (!mine || mine.status === 'needs_work');
  const due = a.myDueAt ?? a.dueAt;

  const onSubmit = handleSubmit((input) =>
    submit.mutate(input, { onError: (err) => applyFieldErrors(err, setError, ['text', 'url', 'uploadId']) }),
  );

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
          noValidate
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
                  onChange={() => setValue('mode', m.value)}
                  className="accent-indigo-600"
                />
                {m.label}
              </label>
            ))}
          </fieldset>
          {mode === 'text' ? (
            <FormField id="submission-text" label="Your answer" error={errors.text?.message}>
              {(c) => <Textarea {...c} {...register('text')} rows={6} maxLength={20_000} />}
            </FormField>
          ) : mode === 'link' ? (
            <FormField id="submission-url" label="Link to your work" error={errors.url?.message}>
              {(c) => <Input {...c} {...register('url')} type="url" inputMode="url" placeholder="https://" />}
            </FormField>
          ) : (
            <UploadField
              key={mode}
              id="submission-file"
              kind={mode}
              label={mode === 'document' ? 'Your PDF' : 'Your image'}
              onUploaded={(upload) => {
                setValue('uploadId', upload.id);
                setValue('uploadName', upload.name);
              }}
            >
              {uploadName ? <p className="text-sm">Ready to hand in: {uploadName}</p> : null}
              {errors.uploadId?.message ? (
                <FieldError id="submission-upload-error">{errors.uploadId.message}</FieldError>
              ) : null}
            </UploadField>
          )}
          {submit.isError ? (
            <Alert tone="error">{serverMessage(submit.error) ?? 'Could not hand in your work.'}</Alert>
          ) : null}
          <Button
            type="submit"
            loading={submit.isPending}
            loadingText="Handing in…"
            disabled={(mode === 'document' || mode === 'image') && !uploadName}
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
