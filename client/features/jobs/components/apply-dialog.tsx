import { zodResolver } from '@hookform/resolvers/zod';
import * as Dialog from '@radix-ui/react-dialog';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { CV_MAX_BYTES } from '#shared/accounts/roles.schemas';
import { ZAnswer, ZApplicationInput, type TJobDetail } from '#shared/jobs/jobs.schemas';
import { ZUpload } from '#shared/uploads/uploads.schemas';
import { Alert } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { FieldError, FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { Textarea } from '#client/components/ui/textarea';
import { useReturnFocus } from '#client/components/ui/use-return-focus';
import { serverMessage } from '#client/lib/api-client';
import { applyFieldErrors } from '#client/lib/form-errors';
import { toast } from '#client/lib/toast';
import { UploadField } from '#client/features/uploads';
import { useApply } from '../api/job-mutations';
import { useProfileCv } from '../api/get-profile-cv';

type CvChoice = 'profile' | 'upload' | 'none';

/** Answers are keyed by question id, as the server names their errors (`answers.<id>`). */
const ZApplyForm = z.object({
  coverLetter: ZApplicationInput.shape.coverLetter.unwrap(),
  cvChoice: z.enum(['profile', 'upload', 'none']).nullable(),
  cv: ZUpload.nullable(),
  answers: z.record(z.string(), ZAnswer.shape.answer),
});

/** Apply: a cover letter, a CV (the profile's or a new PDF, with progress), and the screening answers. */
export function ApplyDialog({
  job,
  open,
  onOpenChange,
}: {
  job: TJobDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const returnFocus = useReturnFocus(open);
  const profileCv = useProfileCv(open);
  const apply = useApply(job.id);
  const { control, register, handleSubmit, setError, setValue, formState } = useForm({
    resolver: zodResolver(ZApplyForm),
    defaultValues: { coverLetter: '', cvChoice: null, cv: null, answers: {} },
  });
  const { errors } = formState;
  const [choice, uploaded] = useWatch({ control, name: ['cvChoice', 'cv'] });
  // Until the member picks, the profile's CV once it has loaded, else an upload.
  const cvChoice: CvChoice = choice ?? (profileCv.data ? 'profile' : 'upload');

  const onSubmit = handleSubmit(async (v) => {
    if (cvChoice === 'upload' && !v.cv)
      return setError('cv', { message: 'Upload your CV as a PDF, or choose another option.' });
    try {
      await apply.mutateAsync({
        coverLetter: v.coverLetter || undefined,
        cvUploadId: cvChoice === 'upload' ? v.cv!.id : cvChoice === 'none' ? null : undefined,
        answers: job.screeningQuestions.map((q) => ({ questionId: q.id, answer: v.answers[q.id] ?? '' })),
      });
      toast({ title: 'Application sent', description: `${job.companyName} will see it on their pipeline.` });
      onOpenChange(false);
    } catch (err) {
      applyFieldErrors(err, setError, [
        'coverLetter',
        ...job.screeningQuestions.map((q) => `answers.${q.id}` as const),
      ]);
      setError('root.server', { message: serverMessage(err) ?? 'Could not send your application. Please try again.' });
    }
  });
  const error = errors.cv?.message ?? errors.root?.server?.message;

  const radio = (value: CvChoice, label: string, disabled = false) => (
    <label className="flex items-center gap-2 text-sm">
      <input
        type="radio"
        name="cvChoice"
        value={value}
        checked={cvChoice === value}
        disabled={disabled}
        onChange={() => setValue('cvChoice', value)}
      />
      {label}
    </label>
  );

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-zinc-950/50 backdrop-blur-[2px]" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-zinc-200 bg-white p-6 shadow-xl focus:outline-none dark:border-zinc-800 dark:bg-zinc-900"
        >
          <Dialog.Title className="text-lg font-semibold tracking-tight">Apply to {job.title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
            {job.companyName} sees your profile, your CV and what you write here.
          </Dialog.Description>
          <form onSubmit={onSubmit} className="mt-4 space-y-4" noValidate>
            <FormField id="apply-cover-letter" label="Cover letter (optional)" error={errors.coverLetter?.message}>
              {(c) => <Textarea {...c} {...register('coverLetter')} rows={5} maxLength={10_000} />}
            </FormField>
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium">CV</legend>
              {profileCv.data ? radio('profile', `The CV on my profile (${profileCv.data.name})`) : null}
              {radio('upload', 'Upload a PDF')}
              {radio('none', 'Apply without a CV')}
              {cvChoice === 'upload' ? (
                <UploadField
                  id="apply-cv"
                  kind="document"
                  label="Your CV"
                  hint={`A PDF of at most ${CV_MAX_BYTES / 1024 / 1024} MB`}
                  onUploaded={(upload) => setValue('cv', upload)}
                >
                  {uploaded ? (
                    <p className="text-sm text-emerald-700 dark:text-emerald-400">Attached: {uploaded.name}</p>
                  ) : null}
                </UploadField>
              ) : null}
              <input type="hidden" name="cvUploadId" value={cvChoice === 'upload' ? (uploaded?.id ?? '') : ''} />
            </fieldset>
            {job.screeningQuestions.map((q) =>
              q.kind === 'yes_no' ? (
                <fieldset
                  key={q.id}
                  className="space-y-1"
                  aria-describedby={errors.answers?.[q.id] ? `apply-answer-${q.id}-error` : undefined}
                >
                  <legend className="text-sm font-medium">{q.question}</legend>
                  <div className="flex gap-4">
                    {(['yes', 'no'] as const).map((v) => (
                      <label key={v} className="flex items-center gap-2 text-sm">
                        <input type="radio" value={v} {...register(`answers.${q.id}`)} />
                        {v === 'yes' ? 'Yes' : 'No'}
                      </label>
                    ))}
                  </div>
                  {errors.answers?.[q.id]?.message ? (
                    <FieldError id={`apply-answer-${q.id}-error`}>{errors.answers[q.id]!.message}</FieldError>
                  ) : null}
                </fieldset>
              ) : (
                <FormField
                  key={q.id}
                  id={`apply-answer-${q.id}`}
                  label={q.question}
                  error={errors.answers?.[q.id]?.message}
                >
                  {(c) => <Input {...c} {...register(`answers.${q.id}`)} maxLength={2000} />}
                </FormField>
              ),
            )}
            {error ? <Alert tone="error">{error}</Alert> : null}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button variant="outline" type="button">
                  Cancel
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={apply.isPending} loadingText="Sending…">
                Send application
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
