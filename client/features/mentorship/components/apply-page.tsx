import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { ZMentorApplicationInput } from '#shared/mentorship/mentorship.schemas';
import type { TSkillRef } from '#shared/skills/skills.schemas';
import { holdsRole } from '#shared/roles';
import { PageHeader } from '#client/components/page-header';
import { Alert } from '#client/components/ui/alert';
import { Button, buttonClasses } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { FormField } from '#client/components/ui/form-field';
import { Checkbox, Input } from '#client/components/ui/input';
import { PageSpinner } from '#client/components/ui/spinner';
import { Textarea } from '#client/components/ui/textarea';
import { failureToast } from '#client/lib/failure-toast';
import { applyFieldErrors } from '#client/lib/form-errors';
import { toast } from '#client/lib/toast';
import { useUser } from '#client/features/accounts';
import { SkillsPicker } from '#client/features/skills';
import { useApplyToMentor, useMyApplications } from '../api/applications';
import { dateLabel } from '../format';

type Draft = z.input<typeof ZMentorApplicationInput>;

/** Years start empty: the number field gives NaN until one is typed, which the schema refuses. */
const EMPTY: Draft = {
  expertise: [],
  yearsExperience: undefined,
  currentRole: '',
  company: '',
  bio: '',
  linkUrl: '',
  motivation: '',
  proposedPlans: '',
  makePrimary: true,
};
const FIELDS = [
  'expertise',
  'yearsExperience',
  'currentRole',
  'company',
  'bio',
  'linkUrl',
  'motivation',
  'proposedPlans',
  'makePrimary',
] as const;

/** /mentorship/mentor/apply and /mentorship/mentor-application: one pending application at a time. */
export function ApplyPage() {
  const { data: user } = useUser();
  const mine = useMyApplications();
  const apply = useApplyToMentor();
  const navigate = useNavigate();
  const [expertise, setExpertise] = useState<TSkillRef[]>([]);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = useForm<Draft, unknown, z.output<typeof ZMentorApplicationInput>>({
    resolver: zodResolver(ZMentorApplicationInput),
    defaultValues: EMPTY,
  });

  if (mine.isPending) return <PageSpinner label="Loading your applications…" />;
  const latest = mine.data?.[0];

  if (holdsRole(user, 'mentor')) {
    return (
      <>
        <PageHeader title="Become a mentor" />
        <Alert tone="success">
          You are a mentor.{' '}
          <Link className="font-medium underline" to="/mentor/dashboard">
            Open your mentor dashboard
          </Link>
        </Alert>
      </>
    );
  }
  if (latest?.status === 'pending') {
    return (
      <>
        <PageHeader title="Become a mentor" />
        <Alert tone="info">
          Your application of {dateLabel(latest.createdAt)} is waiting for review. We will notify you when it is
          decided.
        </Alert>
      </>
    );
  }

  const onSubmit = handleSubmit((values) =>
    apply.mutate(values, {
      onSuccess: () => {
        toast({ title: 'Application sent', description: 'An administrator will review it soon.' });
        navigate('/mentorship');
      },
      onError: (err) => {
        if (!applyFieldErrors(err, setError, FIELDS)) toast(failureToast('Could not send your application', err));
      },
    }),
  );

  return (
    <>
      <PageHeader
        title="Become a mentor"
        description="Tell mentees what you know. An administrator reviews every application."
      />
      {latest?.status === 'rejected' ? (
        <Alert tone="info" className="mb-4">
          Your last application was not approved{latest.decisionNote ? `: ${latest.decisionNote}` : '.'} You can apply
          again.
        </Alert>
      ) : null}
      <Card className="p-4 sm:p-6">
        <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Mentor application">
          <SkillsPicker
            id="expertise"
            name="expertise"
            label="Areas of expertise"
            value={expertise}
            onChange={(next) => {
              setExpertise(next);
              setValue(
                'expertise',
                next.map((skill) => skill.slug),
                { shouldDirty: true },
              );
            }}
            error={errors.expertise?.message}
            hint="Pick up to 30 skills."
          />
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField id="yearsExperience" label="Years of experience" error={errors.yearsExperience?.message}>
              {(c) => (
                <Input
                  {...c}
                  {...register('yearsExperience', { valueAsNumber: true })}
                  type="number"
                  min={0}
                  max={70}
                  inputMode="numeric"
                />
              )}
            </FormField>
            <FormField id="currentRole" label="Current role" error={errors.currentRole?.message}>
              {(c) => <Input {...c} {...register('currentRole')} autoComplete="organization-title" />}
            </FormField>
            <FormField id="company" label="Company" error={errors.company?.message}>
              {(c) => <Input {...c} {...register('company')} autoComplete="organization" />}
            </FormField>
          </div>
          <FormField
            id="bio"
            label="Bio"
            error={errors.bio?.message}
            hint="What you have done and how you help people grow."
          >
            {(c) => <Textarea {...c} {...register('bio')} rows={5} />}
          </FormField>
          <FormField id="linkUrl" label="LinkedIn or portfolio link" error={errors.linkUrl?.message}>
            {(c) => <Input {...c} {...register('linkUrl')} type="url" placeholder="https://" />}
          </FormField>
          <FormField id="motivation" label="Why do you want to mentor?" error={errors.motivation?.message}>
            {(c) => <Textarea {...c} {...register('motivation')} rows={3} />}
          </FormField>
          <FormField
            id="proposedPlans"
            label="Plans you would offer (optional)"
            error={errors.proposedPlans?.message}
            hint="For example: two 45-minute calls a month for ₦20,000."
          >
            {(c) => <Textarea {...c} {...register('proposedPlans')} rows={2} />}
          </FormField>
          <label className="flex items-center gap-2 text-sm">
            <Checkbox {...register('makePrimary')} />
            Make mentor my main role when approved
          </label>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" loading={apply.isPending} loadingText="Sending…">
              Send application
            </Button>
            <Link to="/mentorship" className={buttonClasses('ghost')}>
              Cancel
            </Link>
          </div>
        </form>
      </Card>
    </>
  );
}
