import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  COMPANY_SIZE_LABELS,
  COMPANY_SIZES,
  ZEmployerInput,
  type TEmployerInput,
  type TEmployerProfile,
} from '#shared/accounts/roles.schemas';
import { Button } from '#client/components/ui/button';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { Select } from '#client/components/ui/select';
import { Textarea } from '#client/components/ui/textarea';
import { failureToast } from '#client/lib/failure-toast';
import { applyFieldErrors } from '#client/lib/form-errors';
import { toast } from '#client/lib/toast';
import { UploadField } from '#client/features/uploads';
import { useSaveRoleDetails } from '#client/features/accounts/api/save-role-details';

const FIELDS = ['companyName', 'logoUploadId', 'website', 'about', 'sizeBand'] as const;

/** "I'm hiring": the company that jobs will be posted under. */
export function EmployerForm({ saved }: { saved: TEmployerProfile | null }) {
  const save = useSaveRoleDetails('employer');
  const [logo, setLogo] = useState(saved?.logo ?? null);
  const { register, handleSubmit, setValue, setError, formState } = useForm<
    TEmployerInput,
    unknown,
    z.output<typeof ZEmployerInput>
  >({
    resolver: zodResolver(ZEmployerInput),
    defaultValues: {
      companyName: saved?.companyName ?? '',
      logoUploadId: saved?.logo?.id ?? null,
      website: saved?.website ?? '',
      about: saved?.about ?? '',
      sizeBand: saved?.sizeBand ?? null,
    },
  });
  const { errors } = formState;

  const onSubmit = handleSubmit((values) =>
    save.mutate(values, {
      onError: (err) => {
        if (!applyFieldErrors(err, setError, FIELDS)) toast(failureToast('Could not save the company', err));
      },
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Company details" className="space-y-4">
      <FormField id="employer-company" label="Company name" error={errors.companyName?.message}>
        {(c) => <Input {...c} {...register('companyName')} maxLength={120} autoComplete="organization" />}
      </FormField>
      <input type="hidden" {...register('logoUploadId')} />
      <UploadField
        id="employer-logo"
        kind="image"
        label="Logo"
        buttonText={logo ? 'Replace the logo' : 'Choose a logo'}
        onUploaded={(upload) => {
          setValue('logoUploadId', upload.id, { shouldDirty: true });
          setLogo(upload);
        }}
      >
        {logo ? (
          <img
            src={logo.url}
            srcSet={logo.srcset ?? undefined}
            sizes="64px"
            alt="Company logo"
            className="size-16 rounded-lg object-cover ring-1 ring-zinc-200 dark:ring-zinc-800"
          />
        ) : null}
      </UploadField>
      {errors.logoUploadId?.message ? (
        <p className="text-sm text-red-700 dark:text-red-400">{errors.logoUploadId.message}</p>
      ) : null}
      <FormField
        id="employer-website"
        label="Website"
        error={errors.website?.message}
        hint="Optional, e.g. https://example.ng"
      >
        {(c) => <Input {...c} {...register('website')} type="url" inputMode="url" autoComplete="url" />}
      </FormField>
      <FormField id="employer-size" label="Company size" error={errors.sizeBand?.message}>
        {(c) => (
          <Select {...c} {...register('sizeBand', { setValueAs: (v) => v || null })}>
            <option value="">Not said</option>
            {COMPANY_SIZES.map((size) => (
              <option key={size} value={size}>
                {COMPANY_SIZE_LABELS[size]}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField
        id="employer-about"
        label="About the company"
        error={errors.about?.message}
        hint="Optional: what you do and who you hire"
      >
        {(c) => <Textarea {...c} {...register('about')} rows={4} maxLength={2000} />}
      </FormField>
      <Button type="submit" loading={save.isPending}>
        Save company
      </Button>
    </form>
  );
}
