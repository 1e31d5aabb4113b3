import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type Path } from 'react-hook-form';
import { z } from 'zod';
import {
  EXPERIENCE_LABELS,
  JOB_TYPE_LABELS,
  MAX_SCREENING_QUESTIONS,
  WORKPLACE_LABELS,
  ZJobInput,
  ZScreeningQuestion,
  type TEmployerJob,
  type TJobDetail,
  type TJobInput,
} from '#shared/jobs/jobs.schemas';
import { ZCurrency } from '#shared/money';
import { localDateTime, zonedDateTime } from '#shared/mentorship/zoned-time';
import { ZSkillRef } from '#shared/skills/skills.schemas';
import { Alert } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { FormField, type FieldControlProps } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { Select } from '#client/components/ui/select';
import { Textarea } from '#client/components/ui/textarea';
import { serverMessage } from '#client/lib/api-client';
import { applyFieldErrors } from '#client/lib/form-errors';
import { toast } from '#client/lib/toast';
import { SkillsPicker } from '#client/features/skills';
import { useSaveJob } from '../api/job-mutations';

type Editing = (TEmployerJob & Partial<Pick<TJobDetail, 'description' | 'screeningQuestions'>>) | null;

/** The deadline input shows and reads wall time in the browser's zone. */
const zone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
/** Salaries as typed ("250,000" too); empty is no salary. */
const amount = (s: string) => (s.trim() === '' ? null : Number(s.replace(/[, ]/g, '')));

const ZJobFields = z.object({
  title: z.string(),
  companyName: z.string(),
  description: z.string(),
  location: z.string(),
  workplace: ZJobInput.shape.workplace,
  type: ZJobInput.shape.type,
  experience: ZJobInput.shape.experience.unwrap().or(z.literal('')),
  skills: z.array(ZSkillRef),
  salaryMin: z.string(),
  salaryMax: z.string(),
  currency: ZCurrency,
  deadline: z.string(),
  screeningQuestions: z.array(ZScreeningQuestion.extend({ question: z.string() })),
  status: z.enum(['draft', 'open']),
});

/** The API's body from the inputs: a question left blank is dropped. */
const toInput = (v: z.output<typeof ZJobFields>): TJobInput => ({
  ...v,
  companyName: v.companyName.trim() || undefined,
  experience: v.experience || undefined,
  skills: v.skills.map((s) => s.slug),
  salaryMin: amount(v.salaryMin),
  salaryMax: amount(v.salaryMax),
  deadline: v.deadline ? zonedDateTime(v.deadline, zone()).toISOString() : null,
  screeningQuestions: v.screeningQuestions.filter((q) => q.question.trim()),
});

/**
 * The form checks its body with the API's own schema, so the messages are the server's; a
 * question's message goes back to its input, counting the blank ones dropped before it.
 */
const ZJobForm = ZJobFields.superRefine((v, ctx) => {
  const kept = v.screeningQuestions.flatMap((q, i) => (q.question.trim() ? [i] : []));
  for (const issue of ZJobInput.safeParse(toInput(v)).error?.issues ?? []) {
    const [head, k, ...rest] = issue.path;
    const path = head === 'screeningQuestions' && typeof k === 'number' ? [head, kept[k]!, ...rest] : issue.path;
    ctx.addIssue({ code: 'custom', message: issue.message, path });
  }
})
  .transform(toInput)
  .pipe(ZJobInput);
type TJobFormValues = z.input<typeof ZJobForm>;

const FIELDS = [
  'title',
  'companyName',
  'description',
  'location',
  'workplace',
  'type',
  'experience',
  'skills',
  'salaryMin',
  'salaryMax',
  'currency',
  'deadline',
] as const satisfies readonly Path<TJobFormValues>[];

const valuesOf = (job: Editing): TJobFormValues => ({
  title: job?.title ?? '',
  companyName: job?.companyName ?? '',
  description: job?.description ?? '',
  location: job?.location ?? '',
  workplace: job?.workplace ?? 'onsite',
  type: job?.type ?? 'full_time',
  experience: job?.experience ?? '',
  skills: job?.skills ?? [],
  salaryMin: job?.salaryMin?.toString() ?? '',
  salaryMax: job?.salaryMax?.toString() ?? '',
  currency: job?.currency ?? 'NGN',
  deadline: job?.deadline ? localDateTime(new Date(job.deadline), zone()) : '',
  screeningQuestions: job?.screeningQuestions ?? [],
  status: job?.status === 'draft' ? 'draft' : 'open',
});

/** Post or edit a job. Inputs carry the API's field names as `name` attributes. */
export function JobForm({ job, onDone }: { job: Editing; onDone: (saved: TJobDetail) => void }) {
  const save = useSaveJob(job?.id);
  const closed = job?.status === 'closed';
  const { control, register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(ZJobForm),
    defaultValues: valuesOf(job),
  });
  const { errors } = formState;
  const questions = useFieldArray({ control, name: 'screeningQuestions' });
  const status = useWatch({ control, name: 'status' });

  const onSubmit = handleSubmit(async (input) => {
    try {
      // A closed job keeps its status: the form does not offer one.
      const saved = await save.mutateAsync(closed ? { ...input, status: undefined } : input);
      toast({ title: job ? 'Job saved' : input.status === 'draft' ? 'Draft saved' : 'Job posted' });
      onDone(saved);
    } catch (err) {
      applyFieldErrors(err, setError, FIELDS);
      setError('root.server', { message: serverMessage(err) ?? 'Could not save the job. Please try again.' });
    }
  });

  const field = (
    key: (typeof FIELDS)[number],
    label: string,
    render: (p: FieldControlProps) => ReactNode,
    hint?: string,
  ) => (
    <FormField id={`job-${key}`} label={label} error={errors[key]?.message} hint={hint}>
      {render}
    </FormField>
  );

  return (
    <Card className="p-4 sm:p-6">
      <h2 className="mb-4 text-lg font-semibold">{job ? `Edit “${job.title}”` : 'Post a job'}</h2>
      <form
        onSubmit={onSubmit}
        className="grid gap-4 sm:grid-cols-2"
        noValidate
        aria-label={job ? 'Edit job' : 'Post a job'}
      >
        <div className="sm:col-span-2">
          {field('title', 'Job title', (p) => (
            <Input {...p} {...register('title')} maxLength={120} required />
          ))}
        </div>
        {field(
          'companyName',
          'Company',
          (p) => (
            <Input {...p} {...register('companyName')} maxLength={120} />
          ),
          'Leave empty to use the company on your profile',
        )}
        {field('location', 'Location', (p) => (
          <Input {...p} {...register('location')} placeholder="Lagos, or Remote" maxLength={120} />
        ))}
        {field('workplace', 'Workplace', (p) => (
          <Select {...p} {...register('workplace')}>
            {Object.entries(WORKPLACE_LABELS).map(([k, l]) => (
              <option key={k} value={k}>
                {l}
              </option>
            ))}
          </Select>
        ))}
        {field('type', 'Type', (p) => (
          <Select {...p} {...register('type')}>
            {Object.entries(JOB_TYPE_LABELS).map(([k, l]) => (
              <option key={k} value={k}>
                {l}
              </option>
            ))}
          </Select>
        ))}
        {field('experience', 'Experience', (p) => (
          <Select {...p} {...register('experience')}>
            <option value="">Any</option>
            {Object.entries(EXPERIENCE_LABELS).map(([k, l]) => (
              <option key={k} value={k}>
                {l}
              </option>
            ))}
          </Select>
        ))}
        {field('deadline', 'Deadline (optional)', (p) => (
          <Input {...p} type="datetime-local" {...register('deadline')} />
        ))}
        {field('salaryMin', 'Salary from (a month)', (p) => (
          <Input {...p} inputMode="numeric" {...register('salaryMin')} />
        ))}
        {field('salaryMax', 'Salary to (a month)', (p) => (
          <Input {...p} inputMode="numeric" {...register('salaryMax')} />
        ))}
        {field('currency', 'Currency', (p) => (
          <Select {...p} {...register('currency')}>
            <option value="NGN">Naira (₦)</option>
            <option value="USD">US dollars ($)</option>
          </Select>
        ))}
        <div className="sm:col-span-2">
          <Controller
            control={control}
            name="skills"
            render={({ field: skills }) => (
              <SkillsPicker
                id="job-skills"
                label="Skills"
                name="skills"
                value={skills.value}
                onChange={skills.onChange}
                error={errors.skills?.message}
              />
            )}
          />
        </div>
        <div className="sm:col-span-2">
          {field('description', 'Description (Markdown)', (p) => (
            <Textarea {...p} {...register('description')} rows={8} maxLength={20_000} />
          ))}
        </div>
        <fieldset className="space-y-2 sm:col-span-2">
          <legend className="text-sm font-medium">Screening questions (up to {MAX_SCREENING_QUESTIONS})</legend>
          {questions.fields.map((q, i) => {
            const error = errors.screeningQuestions?.[i]?.question?.message;
            return (
              <div key={q.id} className="flex flex-wrap items-center gap-2">
                <label className="sr-only" htmlFor={`job-q-${q.id}`}>
                  Question {i + 1}
                </label>
                <Input
                  id={`job-q-${q.id}`}
                  {...register(`screeningQuestions.${i}.question`)}
                  className="min-w-0 flex-1"
                  maxLength={300}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `job-q-${q.id}-error` : undefined}
                />
                <label className="sr-only" htmlFor={`job-q-kind-${q.id}`}>
                  Answer type for question {i + 1}
                </label>
                <Select id={`job-q-kind-${q.id}`} {...register(`screeningQuestions.${i}.kind`)} className="w-36">
                  <option value="yes_no">Yes or no</option>
                  <option value="text">Short text</option>
                </Select>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove question ${i + 1}`}
                  onClick={() => questions.remove(i)}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
                {error ? (
                  <p id={`job-q-${q.id}-error`} className="w-full text-sm text-red-700 dark:text-red-400">
                    {error}
                  </p>
                ) : null}
              </div>
            );
          })}
          {questions.fields.length < MAX_SCREENING_QUESTIONS ? (
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => questions.append({ id: `q${Date.now().toString(36)}`, kind: 'yes_no', question: '' })}
            >
              <Plus aria-hidden="true" className="size-4" />
              Add a question
            </Button>
          ) : null}
        </fieldset>
        {!closed ? (
          <fieldset className="flex flex-wrap gap-4 sm:col-span-2">
            <legend className="mb-1 text-sm font-medium">Status</legend>
            {(['open', 'draft'] as const).map((s) => (
              <label key={s} className="flex items-center gap-2 text-sm">
                <input type="radio" value={s} {...register('status')} />
                {s === 'open' ? 'Open: publish now' : 'Draft: only you see it'}
              </label>
            ))}
          </fieldset>
        ) : null}
        {errors.root?.server ? (
          <div className="sm:col-span-2">
            <Alert tone="error">{errors.root.server.message}</Alert>
          </div>
        ) : null}
        <div className="flex gap-2 sm:col-span-2">
          <Button type="submit" loading={save.isPending} loadingText="Saving…">
            {job ? 'Save changes' : status === 'draft' ? 'Save draft' : 'Post job'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
