import { Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import {
  EXPERIENCE_LABELS,
  JOB_TYPE_LABELS,
  MAX_SCREENING_QUESTIONS,
  WORKPLACE_LABELS,
  type TEmployerJob,
  type TJobDetail,
  type TScreeningQuestion,
} from '../../../../shared/jobs/jobs.schemas';
import type { TSkillRef } from '../../../../shared/skills/skills.schemas';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { isApiError, serverMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { SkillsPicker } from '../../skills';
import { useSaveJob } from '../api/job-mutations';

type Editing = (TEmployerJob & Partial<Pick<TJobDetail, 'description' | 'screeningQuestions'>>) | null;

const toLocal = (iso: string | null) => (iso ? new Date(new Date(iso).getTime() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 16) : '');

/** Post or edit a job. Inputs carry the API's field names as `name` attributes. */
export function JobForm({ job, onDone }: { job: Editing; onDone: (saved: TJobDetail) => void }) {
  const save = useSaveJob(job?.id);
  const [v, setV] = useState({
    title: job?.title ?? '',
    companyName: job?.companyName ?? '',
    description: job?.description ?? '',
    location: job?.location ?? '',
    workplace: job?.workplace ?? 'onsite',
    type: job?.type ?? 'full_time',
    experience: job?.experience ?? '',
    salaryMin: job?.salaryMin?.toString() ?? '',
    salaryMax: job?.salaryMax?.toString() ?? '',
    currency: job?.currency ?? 'NGN',
    deadline: toLocal(job?.deadline ?? null),
    status: job?.status === 'draft' ? 'draft' : 'open',
  });
  const [skills, setSkills] = useState<TSkillRef[]>(job?.skills ?? []);
  const [questions, setQuestions] = useState<TScreeningQuestion[]>(job?.screeningQuestions ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = (key: keyof typeof v) => (e: { target: { value: string } }) => setV({ ...v, [key]: e.target.value });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setFormError(null);
    const num = (s: string) => (s.trim() === '' ? null : Number(s.replace(/[, ]/g, '')));
    const input = {
      title: v.title,
      ...(v.companyName.trim() ? { companyName: v.companyName.trim() } : {}),
      description: v.description,
      location: v.location,
      workplace: v.workplace,
      type: v.type,
      ...(v.experience ? { experience: v.experience } : {}),
      skills: skills.map((s) => s.slug),
      salaryMin: num(v.salaryMin),
      salaryMax: num(v.salaryMax),
      currency: v.currency,
      deadline: v.deadline ? new Date(v.deadline).toISOString() : null,
      screeningQuestions: questions.filter((q) => q.question.trim()),
      ...(job && job.status === 'closed' ? {} : { status: v.status }),
    };
    try {
      const saved = (await save.mutateAsync(input as never)) as TJobDetail;
      toast({ title: job ? 'Job saved' : v.status === 'draft' ? 'Draft saved' : 'Job posted' });
      onDone(saved);
    } catch (err) {
      if (isApiError(err) && err.body?.fields) setErrors(err.body.fields);
      setFormError(serverMessage(err) ?? 'Could not save the job. Please try again.');
    }
  };

  const field = (key: keyof typeof v, label: string, control: (p: object) => React.ReactNode, hint?: string) => (
    <FormField id={`job-${key}`} label={label} error={errors[key]} hint={hint}>
      {(p) => control(p)}
    </FormField>
  );

  return (
    <Card className="p-4 sm:p-6">
      <h2 className="mb-4 text-lg font-semibold">{job ? `Edit “${job.title}”` : 'Post a job'}</h2>
      <form onSubmit={(e) => void submit(e)} className="grid gap-4 sm:grid-cols-2" noValidate aria-label={job ? 'Edit job' : 'Post a job'}>
        <div className="sm:col-span-2">{field('title', 'Job title', (p) => <Input {...p} name="title" value={v.title} onChange={set('title')} maxLength={120} required />)}</div>
        {field('companyName', 'Company', (p) => <Input {...p} name="companyName" value={v.companyName} onChange={set('companyName')} maxLength={120} />, 'Leave empty to use the company on your profile')}
        {field('location', 'Location', (p) => <Input {...p} name="location" value={v.location} onChange={set('location')} placeholder="Lagos, or Remote" maxLength={120} />)}
        {field('workplace', 'Workplace', (p) => (
          <Select {...p} name="workplace" value={v.workplace} onChange={set('workplace')}>
            {Object.entries(WORKPLACE_LABELS).map(([k, l]) => <option key={k} value={k}>{l}</option>)}
          </Select>
        ))}
        {field('type', 'Type', (p) => (
          <Select {...p} name="type" value={v.type} onChange={set('type')}>
            {Object.entries(JOB_TYPE_LABELS).map(([k, l]) => <option key={k} value={k}>{l}</option>)}
          </Select>
        ))}
        {field('experience', 'Experience', (p) => (
          <Select {...p} name="experience" value={v.experience} onChange={set('experience')}>
            <option value="">Any</option>
            {Object.entries(EXPERIENCE_LABELS).map(([k, l]) => <option key={k} value={k}>{l}</option>)}
          </Select>
        ))}
        {field('deadline', 'Deadline (optional)', (p) => <Input {...p} type="datetime-local" name="deadline" value={v.deadline} onChange={set('deadline')} />)}
        {field('salaryMin', 'Salary from (a month)', (p) => <Input {...p} inputMode="numeric" name="salaryMin" value={v.salaryMin} onChange={set('salaryMin')} />)}
        {field('salaryMax', 'Salary to (a month)', (p) => <Input {...p} inputMode="numeric" name="salaryMax" value={v.salaryMax} onChange={set('salaryMax')} />)}
        {field('currency', 'Currency', (p) => (
          <Select {...p} name="currency" value={v.currency} onChange={set('currency')}>
            <option value="NGN">Naira (₦)</option>
            <option value="USD">US dollars ($)</option>
          </Select>
        ))}
        <div className="sm:col-span-2">
          <SkillsPicker id="job-skills" label="Skills" name="skills" value={skills} onChange={setSkills} error={errors.skills} />
        </div>
        <div className="sm:col-span-2">
          {field('description', 'Description (Markdown)', (p) => <Textarea {...p} name="description" rows={8} value={v.description} onChange={set('description')} maxLength={20_000} />)}
        </div>
        <fieldset className="space-y-2 sm:col-span-2">
          <legend className="text-sm font-medium">Screening questions (up to {MAX_SCREENING_QUESTIONS})</legend>
          {questions.map((q, i) => (
            <div key={q.id} className="flex flex-wrap items-center gap-2">
              <label className="sr-only" htmlFor={`job-q-${q.id}`}>Question {i + 1}</label>
              <Input id={`job-q-${q.id}`} name={`screeningQuestions.${i}.question`} className="min-w-0 flex-1" value={q.question} maxLength={300} onChange={(e) => setQuestions(questions.map((x) => (x.id === q.id ? { ...x, question: e.target.value } : x)))} />
              <label className="sr-only" htmlFor={`job-q-kind-${q.id}`}>Answer type for question {i + 1}</label>
              <Select id={`job-q-kind-${q.id}`} name={`screeningQuestions.${i}.kind`} className="w-36" value={q.kind} onChange={(e) => setQuestions(questions.map((x) => (x.id === q.id ? { ...x, kind: e.target.value as TScreeningQuestion['kind'] } : x)))}>
                <option value="yes_no">Yes or no</option>
                <option value="text">Short text</option>
              </Select>
              <Button type="button" variant="ghost" size="icon" aria-label={`Remove question ${i + 1}`} onClick={() => setQuestions(questions.filter((x) => x.id !== q.id))}>
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            </div>
          ))}
          {questions.length < MAX_SCREENING_QUESTIONS ? (
            <Button type="button" variant="outline" size="sm" onClick={() => setQuestions([...questions, { id: `q${Date.now().toString(36)}`, kind: 'yes_no', question: '' }])}>
              <Plus aria-hidden="true" className="size-4" />
              Add a question
            </Button>
          ) : null}
        </fieldset>
        {job?.status !== 'closed' ? (
          <fieldset className="flex flex-wrap gap-4 sm:col-span-2">
            <legend className="mb-1 text-sm font-medium">Status</legend>
            {(['open', 'draft'] as const).map((s) => (
              <label key={s} className="flex items-center gap-2 text-sm">
                <input type="radio" name="status" value={s} checked={v.status === s} onChange={() => setV({ ...v, status: s })} />
                {s === 'open' ? 'Open: publish now' : 'Draft: only you see it'}
              </label>
            ))}
          </fieldset>
        ) : null}
        {formError ? <div className="sm:col-span-2"><Alert tone="error">{formError}</Alert></div> : null}
        <div className="flex gap-2 sm:col-span-2">
          <Button type="submit" loading={save.isPending} loadingText="Saving…">
            {job ? 'Save changes' : v.status === 'draft' ? 'Save draft' : 'Post job'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
