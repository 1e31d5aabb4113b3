import { Plus, Wallet } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { TPlan, TPlanInput } from '#shared/mentorship/mentorship.schemas';
import { MAX_ACTIVE_PLANS } from '#shared/mentorship/mentorship.schemas';
import { holdsRole } from '#shared/roles';
import { PageHeader } from '#client/components/page-header';
import { Alert } from '#client/components/ui/alert';
import { Button, buttonClasses } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
import { failureToast } from '#client/lib/failure-toast';
import { toast } from '#client/lib/toast';
import { useUser } from '#client/features/accounts';
import { useCreatePlan, useDeletePlan, useOwnPlans, useUpdatePlan } from '../api/plans';
import { useMentorSubscriptions } from '../api/subscriptions';
import { monthly } from '../format';
import { AvailabilityEditor } from './availability-editor';
import { EarningsSection } from './earnings-section';
import { PlanForm } from './plan-form';
import { SessionsList } from './sessions-list';
import { SessionsWeek } from './sessions-week';
import { SubscriptionsList } from './subscriptions-list';

function PlansSection() {
  const { data: plans = [] } = useOwnPlans();
  const create = useCreatePlan();
  const update = useUpdatePlan();
  const remove = useDeletePlan();
  const [editing, setEditing] = useState<TPlan | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TPlan | null>(null);
  const active = plans.filter((p) => p.active).length;

  const save = (input: TPlanInput, placeFieldErrors: (err: Error) => boolean) => {
    const done = {
      onSuccess: () => {
        setEditing(null);
        toast({ title: 'Plan saved' });
      },
      onError: (err: Error) => {
        if (!placeFieldErrors(err)) toast(failureToast('Could not save the plan', err));
      },
    };
    if (editing === 'new') create.mutate(input, done);
    else if (editing) update.mutate({ id: editing.id, patch: input }, done);
  };

  return (
    <section aria-labelledby="plans-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="plans-heading" className="text-lg font-semibold">
          Plans{' '}
          <span className="text-sm font-normal text-zinc-600 dark:text-zinc-400">
            ({active} of {MAX_ACTIVE_PLANS} active)
          </span>
        </h2>
        {editing === null ? (
          <Button size="sm" onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" className="size-4" />
            New plan
          </Button>
        ) : null}
      </div>
      {editing !== null ? (
        <Card className="p-4 sm:p-6">
          <PlanForm
            key={editing === 'new' ? 'new' : editing.id}
            plan={editing === 'new' ? undefined : editing}
            busy={create.isPending || update.isPending}
            onSubmit={save}
            onCancel={() => setEditing(null)}
          />
        </Card>
      ) : null}
      {plans.length === 0 && editing === null ? (
        <Alert tone="info">You have no plans yet. Create one so mentees can subscribe.</Alert>
      ) : null}
      <ul className="grid gap-4 md:grid-cols-3">
        {plans.map((p) => (
          <li key={p.id}>
            <Card role="group" className="flex h-full flex-col gap-2 p-4" aria-label={p.name}>
              <p className="font-semibold">{p.name}</p>
              <p className="text-sm">{monthly(p.priceMinor, p.currency)}</p>
              <p className="text-sm text-zinc-600 dark:text-zinc-400">
                {p.sessionsPerMonth} × {p.sessionMinutes} min · {p.subscribers}{' '}
                {p.subscribers === 1 ? 'subscriber' : 'subscribers'}
                {p.active ? '' : ' · inactive'}
              </p>
              <div className="mt-auto flex gap-2">
                <Button size="sm" variant="outline" onClick={() => setEditing(p)} aria-label={`Edit ${p.name}`}>
                  Edit
                </Button>
                <Button
                  size="sm"
                  variant="ghost-destructive"
                  onClick={() => setDeleting(p)}
                  aria-label={`Delete ${p.name}`}
                >
                  Delete
                </Button>
              </div>
            </Card>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete "${deleting?.name ?? ''}"?`}
        description="Current subscribers keep it until their period ends; nobody new can subscribe."
        confirmText="Delete plan"
        confirmVariant="destructive"
        loading={remove.isPending}
        loadingText="Deleting…"
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => setDeleting(null),
            onError: (err) => toast(failureToast('Could not delete the plan', err)),
          })
        }
      />
    </section>
  );
}

function SubscribersSection() {
  const { data = [] } = useMentorSubscriptions();
  return (
    <section aria-labelledby="subscribers-heading" className="space-y-3">
      <h2 id="subscribers-heading" className="text-lg font-semibold">
        Subscribers
      </h2>
      <SubscriptionsList subscriptions={data} side="mentor" empty="No subscribers yet." />
    </section>
  );
}

/** /mentor/dashboard: plans, subscribers and earnings; sessions come from decision 032. */
export function MentorDashboardPage() {
  const { data: user } = useUser();
  if (!holdsRole(user, 'mentor')) {
    return (
      <>
        <PageHeader title="Mentor dashboard" />
        <Alert tone="info">
          Only mentors have a dashboard here.{' '}
          <Link to="/mentorship/mentor/apply" className={buttonClasses('link')}>
            Apply to become a mentor
          </Link>
        </Alert>
      </>
    );
  }
  return (
    <>
      <PageHeader
        title="Mentor dashboard"
        description="Your plans, mentees, sessions and earnings."
        actions={
          <div className="flex flex-wrap gap-2">
            <Link to="/wallet" className={buttonClasses('outline')}>
              <Wallet aria-hidden="true" className="size-4" />
              Wallet
            </Link>
            <Link to={`/mentorship/mentor/${user!.id}`} className={buttonClasses('outline')}>
              View my profile
            </Link>
          </div>
        }
      />
      <div className="space-y-8">
        <PlansSection />
        <SessionsWeek />
        <SessionsList role="mentor" />
        <AvailabilityEditor />
        <SubscribersSection />
        <EarningsSection />
      </div>
    </>
  );
}
