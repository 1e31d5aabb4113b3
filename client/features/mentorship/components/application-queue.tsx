import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ZApplicationDecision, type TMentorApplication } from '#shared/mentorship/mentorship.schemas';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { FormField } from '#client/components/ui/form-field';
import { Textarea } from '#client/components/ui/textarea';
import { failureToast } from '#client/lib/failure-toast';
import { applyFieldErrors } from '#client/lib/form-errors';
import { toast } from '#client/lib/toast';
import { useApplicationQueue, useDecideApplication } from '../api/applications';
import { dateLabel } from '../format';

function ApplicationItem({ a }: { a: TMentorApplication }) {
  const decide = useDecideApplication();
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof ZApplicationDecision>, unknown, z.output<typeof ZApplicationDecision>>({
    resolver: zodResolver(ZApplicationDecision),
    defaultValues: { decision: 'approve', note: '' },
  });
  // Two buttons, one form: the pressed one sets the decision, then the schema checks the note against it.
  const send = (decision: 'approve' | 'reject') => {
    setValue('decision', decision);
    void handleSubmit(({ note }) =>
      decide.mutate(
        { id: a.id, decision, note: note || undefined },
        {
          onSuccess: () => toast({ title: decision === 'approve' ? 'Mentor approved' : 'Application rejected' }),
          onError: (err) => {
            if (!applyFieldErrors(err, setError, ['note']))
              toast(failureToast('Could not decide the application', err));
          },
        },
      ),
    )();
  };
  return (
    <li>
      <Card role="group" className="space-y-2 p-4" aria-label={`Application of ${a.applicant?.fullName ?? 'a member'}`}>
        <p className="font-semibold">
          {a.applicant?.fullName}{' '}
          <span className="text-sm font-normal text-zinc-600 dark:text-zinc-400">
            · applied {dateLabel(a.createdAt)}
          </span>
        </p>
        <p className="text-sm">
          {a.yearsExperience} years{a.currentRole ? ` · ${a.currentRole}` : ''}
          {a.company ? ` at ${a.company}` : ''} · {a.expertise.map((s) => s.name).join(', ')}
        </p>
        <p className="text-sm whitespace-pre-line text-zinc-700 dark:text-zinc-300">{a.bio}</p>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Motivation: {a.motivation}</p>
        {a.linkUrl ? (
          <a href={a.linkUrl} target="_blank" rel="noopener noreferrer nofollow" className="text-sm underline">
            {a.linkUrl}
          </a>
        ) : null}
        <FormField
          id={`note-${a.id}`}
          label="Note to the applicant"
          error={errors.note?.message}
          hint="Required to reject."
        >
          {(c) => <Textarea {...c} {...register('note')} rows={2} />}
        </FormField>
        <div className="flex gap-2">
          <Button
            size="sm"
            variant="success"
            onClick={() => send('approve')}
            loading={decide.isPending && decide.variables?.decision === 'approve'}
          >
            Approve
          </Button>
          <Button
            size="sm"
            variant="ghost-destructive"
            onClick={() => send('reject')}
            loading={decide.isPending && decide.variables?.decision === 'reject'}
          >
            Reject
          </Button>
        </div>
      </Card>
    </li>
  );
}

/** The admins' queue of pending mentor applications, on /admin/dashboard. */
export function MentorApplicationsPanel() {
  const { data = [], isPending } = useApplicationQueue('pending');
  return (
    <section aria-labelledby="mentor-applications-heading" className="space-y-3">
      <h2 id="mentor-applications-heading" className="text-lg font-semibold">
        Mentor applications{' '}
        {data.length > 0 ? <span className="text-sm font-normal">({data.length} pending)</span> : null}
      </h2>
      {isPending ? null : data.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No applications are waiting.</p>
      ) : (
        <ul className="space-y-3">
          {data.map((a) => (
            <ApplicationItem key={a.id} a={a} />
          ))}
        </ul>
      )}
    </section>
  );
}
