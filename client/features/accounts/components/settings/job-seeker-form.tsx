import { zodResolver } from '@hookform/resolvers/zod';
import { FileText } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ZJobSeekerInput, type TJobSeekerProfile } from '#shared/accounts/roles.schemas';
import { Button } from '#client/components/ui/button';
import { FormField } from '#client/components/ui/form-field';
import { Checkbox } from '#client/components/ui/input';
import { Label } from '#client/components/ui/label';
import { Textarea } from '#client/components/ui/textarea';
import { failureToast } from '#client/lib/failure-toast';
import { applyFieldErrors } from '#client/lib/form-errors';
import { toast } from '#client/lib/toast';
import { UploadField } from '#client/features/uploads';
import { useSaveRoleDetails } from '#client/features/accounts/api/save-role-details';

/** Desired roles are typed one per line; the shared schema checks each. */
const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
const ZSeekerForm = z
  .object({ openToWork: z.boolean(), desiredRoles: z.string(), cvUploadId: z.string().nullable() })
  .superRefine((v, ctx) => {
    const parsed = ZJobSeekerInput.shape.desiredRoles.safeParse(lines(v.desiredRoles));
    if (!parsed.success)
      ctx.addIssue({ code: 'custom', path: ['desiredRoles'], message: parsed.error.issues[0]!.message });
  });
type TSeekerForm = z.infer<typeof ZSeekerForm>;

/** "Looking for work": open to work, the roles wanted and a CV only the seeker (and later, employers applied to) can open. */
export function JobSeekerForm({ saved }: { saved: TJobSeekerProfile | null }) {
  const save = useSaveRoleDetails('job_seeker');
  const [cv, setCv] = useState(saved?.cv ?? null);
  const { register, handleSubmit, setValue, setError, formState } = useForm<TSeekerForm>({
    resolver: zodResolver(ZSeekerForm),
    defaultValues: {
      openToWork: saved?.openToWork ?? true,
      desiredRoles: saved?.desiredRoles.join('\n') ?? '',
      cvUploadId: saved?.cv?.id ?? null,
    },
  });
  const { errors } = formState;

  const onSubmit = handleSubmit((values) =>
    save.mutate(
      { openToWork: values.openToWork, desiredRoles: lines(values.desiredRoles), cvUploadId: values.cvUploadId },
      {
        onError: (err) => {
          if (!applyFieldErrors(err, setError, ['desiredRoles', 'cvUploadId']))
            toast(failureToast('Could not save your job search', err));
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Job search details" className="space-y-4">
      <div className="flex items-center gap-3">
        <Checkbox id="seeker-open" {...register('openToWork')} />
        <Label htmlFor="seeker-open">Open to work: employers may see that you are looking</Label>
      </div>
      <FormField
        id="seeker-roles"
        label="Roles you want"
        error={errors.desiredRoles?.message}
        hint="One per line, e.g. Data analyst (up to 10)"
      >
        {(c) => <Textarea {...c} {...register('desiredRoles')} rows={3} />}
      </FormField>
      <input type="hidden" {...register('cvUploadId')} />
      <UploadField
        id="seeker-cv"
        kind="document"
        label="CV"
        hint="PDF up to 5 MB. Only you can open it."
        buttonText={cv ? 'Replace the CV' : 'Choose a PDF'}
        onUploaded={(upload) => {
          setValue('cvUploadId', upload.id, { shouldDirty: true });
          setCv(upload);
        }}
      >
        {cv ? (
          <a
            href={cv.url}
            className="inline-flex items-center gap-2 text-sm text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300"
          >
            <FileText aria-hidden="true" className="size-4" />
            {cv.name}
          </a>
        ) : null}
      </UploadField>
      {errors.cvUploadId?.message ? (
        <p className="text-sm text-red-700 dark:text-red-400">{errors.cvUploadId.message}</p>
      ) : null}
      <Button type="submit" loading={save.isPending}>
        Save job search
      </Button>
    </form>
  );
}
