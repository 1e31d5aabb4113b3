import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ZMentorApplicationInput } from '../../../../shared/mentorship/mentorship.schemas';
import type { TSkillRef } from '../../../../shared/skills/skills.schemas';
import { holdsRole } from '../../../../shared/roles';
import { PageHeader } from '../../../components/page-header';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Checkbox, Input } from '../../../components/ui/input';
import { PageSpinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { failureToast } from '../../../lib/failure-toast';
import { toast } from '../../../lib/toast';
import { useUser } from '../../accounts';
import { SkillsPicker } from '../../skills';
import { useApplyToMentor, useMyApplications } from '../api/applications';
import { fieldErrors, serverFieldErrors } from '../form-errors';
import { dateLabel } from '../format';

interface Draft {
  yearsExperience: string;
  currentRole: string;
  company: string;
  bio: string;
  linkUrl: string;
  motivation: string;
  proposedPlans: string;
  makePrimary: boolean;
}

const EMPTY: Draft = { yearsExperience: '', currentRole: '', company: '', bio: '', linkUrl: '', motivation: '', proposedPlans: '', makePrimary: true };

/** /mentorship/mentor/apply and /mentorship/mentor-application: one pending application at a time. */
export function ApplyPage() {
  const { data: user } = useUser();
  const mine = useMyApplications();
  const apply = useApplyToMentor();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [expertise, setExpertise] = useState<TSkillRef[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});

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
        <Alert tone="info">Your application of {dateLabel(latest.createdAt)} is waiting for review. We will notify you when it is decided.</Alert>
      </>
    );
  }

  const set = (key: keyof Draft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const candidate = { ...draft, yearsExperience: draft.yearsExperience === '' ? undefined : Number(draft.yearsExperience), expertise: expertise.map((s) => s.slug) };
    const parsed = ZMentorApplicationInput.safeParse(candidate);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    apply.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: 'Application sent', description: 'An administrator will review it soon.' });
        navigate('/mentorship');
      },
      onError: (err) => {
        const fields = serverFieldErrors(err);
        if (Object.keys(fields).length) setErrors(fields);
        else toast(failureToast('Could not send your application', err));
      },
    });
  };

  return (
    <>
      <PageHeader title="Become a mentor" description="Tell mentees what you know. An administrator reviews every application." />
      {latest?.status === 'rejected' ? (
        <Alert tone="info" className="mb-4">
          Your last application was not approved{latest.decisionNote ? `: ${latest.decisionNote}` : '.'} You can apply again.
        </Alert>
      ) : null}
      <Card className="p-4 sm:p-6">
        <form noValidate onSubmit={submit} className="space-y-5" aria-label="Mentor application">
          <SkillsPicker id="expertise" name="expertise" label="Areas of expertise" value={expertise} onChange={setExpertise} error={errors.expertise} hint="Pick up to 30 skills." />
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField id="yearsExperience" label="Years of experience" error={errors.yearsExperience}>
              {(c) => <Input {...c} name="yearsExperience" type="number" min={0} max={70} inputMode="numeric" value={draft.yearsExperience} onChange={set('yearsExperience')} />}
            </FormField>
            <FormField id="currentRole" label="Current role" error={errors.currentRole}>
              {(c) => <Input {...c} name="currentRole" value={draft.currentRole} onChange={set('currentRole')} autoComplete="organization-title" />}
            </FormField>
            <FormField id="company" label="Company" error={errors.company}>
              {(c) => <Input {...c} name="company" value={draft.company} onChange={set('company')} autoComplete="organization" />}
            </FormField>
          </div>
          <FormField id="bio" label="Bio" error={errors.bio} hint="What you have done and how you help people grow.">
            {(c) => <Textarea {...c} name="bio" rows={5} value={draft.bio} onChange={set('bio')} />}
          </FormField>
          <FormField id="linkUrl" label="LinkedIn or portfolio link" error={errors.linkUrl}>
            {(c) => <Input {...c} name="linkUrl" type="url" placeholder="https://" value={draft.linkUrl} onChange={set('linkUrl')} />}
          </FormField>
          <FormField id="motivation" label="Why do you want to mentor?" error={errors.motivation}>
            {(c) => <Textarea {...c} name="motivation" rows={3} value={draft.motivation} onChange={set('motivation')} />}
          </FormField>
          <FormField id="proposedPlans" label="Plans you would offer (optional)" error={errors.proposedPlans} hint="For example: two 45-minute calls a month for ₦20,000.">
            {(c) => <Textarea {...c} name="proposedPlans" rows={2} value={draft.proposedPlans} onChange={set('proposedPlans')} />}
          </FormField>
          <label className="flex items-center gap-2 text-sm">
            <Checkbox name="makePrimary" checked={draft.makePrimary} onChange={(e) => setDraft((d) => ({ ...d, makePrimary: e.target.checked }))} />
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
