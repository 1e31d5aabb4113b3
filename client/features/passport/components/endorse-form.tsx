import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { ENDORSEMENT_MAX, ZEndorsementInput, type TEndorsementInput } from '#shared/passport/passport.schemas';
import { LoadFailedCard } from '#client/components/load-failed-card';
import { Alert } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { FormField } from '#client/components/ui/form-field';
import { Select } from '#client/components/ui/select';
import { PageSpinner } from '#client/components/ui/spinner';
import { Textarea } from '#client/components/ui/textarea';
import { isApiError, serverMessage } from '#client/lib/api-client';
import { applyFieldErrors } from '#client/lib/form-errors';
import { failureToast } from '#client/lib/failure-toast';
import { toast } from '#client/lib/toast';
import { useEndorsable, useEndorse } from '../api/endorse';

/**
 * "Endorse a skill": a mentor vouches for a mentee's skill in their own expertise, in a sentence,
 * once per skill, after 3 sessions held together (decision 071). The server decides; the form
 * shows what it allows.
 */
export function EndorseSkillForm({ menteeId, menteeName }: { menteeId: string; menteeName: string }) {
  const id = useId();
  const { data, isPending, error, isRefetching, refetch } = useEndorsable(menteeId);
  const endorse = useEndorse(menteeId);
  const form = useForm<TEndorsementInput>({
    resolver: zodResolver(ZEndorsementInput),
    defaultValues: { menteeId, skill: '', text: '' },
  });
  if (isPending) return <PageSpinner label="Loading your expertise…" className="min-h-16" />;
  if (isApiError(error, 403) || isApiError(error, 404)) return <Alert tone="info">{serverMessage(error)}</Alert>;
  if (!data)
    return (
      <LoadFailedCard variant="inline" what="your expertise" retrying={isRefetching} onRetry={() => void refetch()} />
    );
  if (data.sessionsHeld < data.sessionsNeeded)
    return (
      <Alert tone="info">
        You can endorse {menteeName} after {data.sessionsNeeded} sessions held together; you have held{' '}
        {data.sessionsHeld}.
      </Alert>
    );
  const open = data.skills.filter((s) => !s.endorsed);
  if (open.length === 0)
    return <Alert tone="success">You have endorsed {menteeName} for every skill of your expertise.</Alert>;

  const submit = form.handleSubmit((values) =>
    endorse.mutate(values, {
      onSuccess: (e) => {
        toast({
          title: `Endorsed for ${e.skill.name}`,
          description: `${menteeName} sees it on their skills passport.`,
        });
        form.reset({ menteeId, skill: '', text: '' });
      },
      onError: (err) => {
        if (!applyFieldErrors(err, form.setError, ['skill', 'text'])) toast(failureToast('Not endorsed', err));
      },
    }),
  );
  const { errors } = form.formState;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-3" aria-label={`Endorse ${menteeName}`}>
      <FormField id={`${id}-skill`} label="Skill" error={errors.skill?.message}>
        {(control) => (
          <Select {...control} {...form.register('skill')}>
            <option value="">Choose a skill of your expertise</option>
            {data.skills.map((s) => (
              <option key={s.slug} value={s.slug} disabled={s.endorsed}>
                {s.name}
                {s.endorsed ? ' (endorsed)' : ''}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField
        id={`${id}-text`}
        label="What you saw them do"
        hint={`One or two sentences others will read on ${menteeName}'s passport (at most ${ENDORSEMENT_MAX} characters).`}
        error={errors.text?.message}
      >
        {(control) => <Textarea rows={3} maxLength={ENDORSEMENT_MAX} {...control} {...form.register('text')} />}
      </FormField>
      <Button type="submit" size="sm" loading={endorse.isPending} loadingText="Endorsing…">
        Endorse
      </Button>
    </form>
  );
}
