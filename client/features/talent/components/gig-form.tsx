import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { CURRENCIES } from '#shared/money';
import type { TSkillRef } from '#shared/skills/skills.schemas';
import type { TUpload } from '#shared/uploads/uploads.schemas';
import { BUDGET_TYPES, ZGigInput } from '#shared/talent/talent.schemas';
import { Button } from '#client/components/ui/button';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { Select } from '#client/components/ui/select';
import { Textarea } from '#client/components/ui/textarea';
import { ApiError } from '#client/lib/api-client';
import { failureToast } from '#client/lib/failure-toast';
import { applyFieldErrors } from '#client/lib/form-errors';
import { toast } from '#client/lib/toast';
import { SkillsPicker } from '#client/features/skills';
import { useCreateGig } from '../api/gig-mutations';
import { toMinor } from '../format';
import { GigFilesField } from './gig-files';

/** The budget as people type it, in naira or dollars; minor units on the way out. */
const amount = z
  .string()
  .trim()
  .regex(/^\d{1,7}(\.\d{1,2})?$/, 'Enter an amount, e.g. 25000');
const ZGigForm = z
  .object({
    title: z
      .string()
      .trim()
      .min(5, 'Title must be at least 5 characters')
      .max(120, 'Title must be at most 120 characters'),
    description: z.string().trim().min(20, 'Describe the work in at least 20 characters').max(10_000),
    budgetType: z.enum(BUDGET_TYPES),
    budgetMin: amount,
    budgetMax: amount,
    currency: z.enum(CURRENCIES),
    deadline: z.string(),
  })
  .refine((v) => Number(v.budgetMax) >= Number(v.budgetMin), {
    path: ['budgetMax'],
    message: 'The highest budget cannot be below the lowest',
  });
type TGigForm = z.infer<typeof ZGigForm>;

/** "Post a gig": title, description, skills, budget (fixed or hourly, lowest and highest), deadline, attachments. */
export function GigForm() {
  const create = useCreateGig();
  const navigate = useNavigate();
  const [skills, setSkills] = useState<TSkillRef[]>([]);
  const [skillsError, setSkillsError] = useState<string>();
  const [attachments, setAttachments] = useState<TUpload[]>([]);
  const [attachmentsError, setAttachmentsError] = useState<string>();
  const { register, handleSubmit, setError, formState } = useForm<TGigForm>({
    resolver: zodResolver(ZGigForm),
    defaultValues: {
      title: '',
      description: '',
      budgetType: 'fixed',
      budgetMin: '',
      budgetMax: '',
      currency: 'NGN',
      deadline: '',
    },
  });
  const { errors } = formState;

  const onSubmit = handleSubmit((v) => {
    const body = ZGigInput.parse({
      ...v,
      budgetMin: toMinor(v.budgetMin),
      budgetMax: toMinor(v.budgetMax),
      skills: skills.map((s) => s.slug),
      deadline: v.deadline || null,
      attachmentUploadIds: attachments.map((a) => a.id),
    });
    create.mutate(body, {
      onSuccess: (gig) => {
        toast({ title: 'Your gig is posted' });
        void navigate(`/gigs/${gig.id}`);
      },
      onError: (err) => {
        const placed = applyFieldErrors(err, setError, [
          'title',
          'description',
          'budgetType',
          'budgetMin',
          'budgetMax',
          'currency',
          'deadline',
        ]);
        if (!placed) toast(failureToast('Could not post the gig', err));
        const skillsMessage = err instanceof ApiError ? err.body?.fields?.skills : undefined;
        if (skillsMessage) setSkillsError(skillsMessage);
        setAttachmentsError(err instanceof ApiError ? err.body?.fields?.attachmentUploadIds : undefined);
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Post a gig" className="space-y-4">
      <FormField id="gig-title" label="Title" error={errors.title?.message}>
        {(c) => <Input {...c} {...register('title')} autoComplete="off" />}
      </FormField>
      <FormField id="gig-description" label="What needs doing" error={errors.description?.message}>
        {(c) => <Textarea {...c} {...register('description')} rows={6} />}
      </FormField>
      <SkillsPicker
        id="gig-skills"
        label="Skills"
        name="skills"
        value={skills}
        onChange={setSkills}
        error={skillsError}
        hint="Talents with these skills hear about your gig."
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="gig-budget-type" label="Budget" error={errors.budgetType?.message}>
          {(c) => (
            <Select {...c} {...register('budgetType')}>
              <option value="fixed">Fixed price</option>
              <option value="hourly">Hourly rate</option>
            </Select>
          )}
        </FormField>
        <FormField id="gig-currency" label="Currency" error={errors.currency?.message}>
          {(c) => (
            <Select {...c} {...register('currency')}>
              {CURRENCIES.map((currency) => (
                <option key={currency} value={currency}>
                  {currency}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField id="gig-budget-min" label="Lowest budget" error={errors.budgetMin?.message}>
          {(c) => <Input {...c} {...register('budgetMin')} inputMode="decimal" autoComplete="off" />}
        </FormField>
        <FormField id="gig-budget-max" label="Highest budget" error={errors.budgetMax?.message}>
          {(c) => <Input {...c} {...register('budgetMax')} inputMode="decimal" autoComplete="off" />}
        </FormField>
      </div>
      <FormField id="gig-deadline" label="Deadline (optional)" error={errors.deadline?.message}>
        {(c) => <Input {...c} {...register('deadline')} type="date" />}
      </FormField>
      <GigFilesField
        id="gig-attachments"
        label="Attachments"
        files={attachments}
        onChange={setAttachments}
        error={attachmentsError}
      />
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        A fixed price in naira is paid through escrow: you fund each milestone before the work on it starts, and release
        it when you approve the work. Hourly gigs and gigs in dollars are paid off the platform.
      </p>
      <Button type="submit" loading={create.isPending}>
        Post gig
      </Button>
    </form>
  );
}
