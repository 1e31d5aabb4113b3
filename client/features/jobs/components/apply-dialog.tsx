import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import { CV_MAX_BYTES } from '../../../../shared/accounts/roles.schemas';
import type { TJobDetail } from '../../../../shared/jobs/jobs.schemas';
import type { TUpload } from '../../../../shared/uploads/uploads.schemas';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { useReturnFocus } from '../../../components/ui/use-return-focus';
import { serverMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { UploadField } from '../../uploads';
import { useApply } from '../api/job-mutations';
import { useProfileCv } from '../api/get-profile-cv';

type CvChoice = 'profile' | 'upload' | 'none';

/** Apply: a cover letter, a CV (the profile's or a new PDF, with progress), and the screening answers. */
export function ApplyDialog({ job, open, onOpenChange }: { job: TJobDetail; open: boolean; onOpenChange: (open: boolean) => void }) {
  const returnFocus = useReturnFocus(open);
  const profileCv = useProfileCv(open);
  const apply = useApply(job.id);
  const [coverLetter, setCoverLetter] = useState('');
  const [choice, setChoice] = useState<CvChoice | null>(null);
  const [uploaded, setUploaded] = useState<TUpload | null>(null);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const cvChoice: CvChoice = choice ?? (profileCv.data ? 'profile' : 'upload');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (cvChoice === 'upload' && !uploaded) return setError('Upload your CV as a PDF, or choose another option.');
    const cvUploadId = cvChoice === 'upload' ? uploaded!.id : cvChoice === 'none' ? null : undefined;
    try {
      await apply.mutateAsync({
        coverLetter: coverLetter.trim() || undefined,
        cvUploadId,
        answers: job.screeningQuestions.map((q) => ({ questionId: q.id, answer: answers[q.id] ?? '' })),
      });
      toast({ title: 'Application sent', description: `${job.companyName} will see it on their pipeline.` });
      onOpenChange(false);
    } catch (err) {
      setError(serverMessage(err) ?? 'Could not send your application. Please try again.');
    }
  };

  const radio = (value: CvChoice, label: string, disabled = false) => (
    <label className="flex items-center gap-2 text-sm">
      <input type="radio" name="cvChoice" value={value} checked={cvChoice === value} disabled={disabled} onChange={() => setChoice(value)} />
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
          <Dialog.Description className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{job.companyName} sees your profile, your CV and what you write here.</Dialog.Description>
          <form onSubmit={(e) => void submit(e)} className="mt-4 space-y-4" noValidate>
            <div className="space-y-1.5">
              <Label htmlFor="apply-cover-letter">Cover letter (optional)</Label>
              <Textarea id="apply-cover-letter" name="coverLetter" rows={5} maxLength={10_000} value={coverLetter} onChange={(e) => setCoverLetter(e.target.value)} />
            </div>
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
                  onUploaded={(upload) => setUploaded(upload)}
                >
                  {uploaded ? <p className="text-sm text-emerald-700 dark:text-emerald-400">Attached: {uploaded.name}</p> : null}
                </UploadField>
              ) : null}
              <input type="hidden" name="cvUploadId" value={cvChoice === 'upload' ? (uploaded?.id ?? '') : ''} />
            </fieldset>
            {job.screeningQuestions.map((q) =>
              q.kind === 'yes_no' ? (
                <fieldset key={q.id} className="space-y-1">
                  <legend className="text-sm font-medium">{q.question}</legend>
                  <div className="flex gap-4">
                    {(['yes', 'no'] as const).map((v) => (
                      <label key={v} className="flex items-center gap-2 text-sm">
                        <input type="radio" name={`answers.${q.id}`} value={v} checked={answers[q.id] === v} onChange={() => setAnswers({ ...answers, [q.id]: v })} />
                        {v === 'yes' ? 'Yes' : 'No'}
                      </label>
                    ))}
                  </div>
                </fieldset>
              ) : (
                <div key={q.id} className="space-y-1.5">
                  <Label htmlFor={`apply-answer-${q.id}`}>{q.question}</Label>
                  <Input id={`apply-answer-${q.id}`} name={`answers.${q.id}`} maxLength={2000} value={answers[q.id] ?? ''} onChange={(e) => setAnswers({ ...answers, [q.id]: e.target.value })} />
                </div>
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
