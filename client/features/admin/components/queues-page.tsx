import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, NavLink, useParams } from 'react-router';
import type { z } from 'zod';
import { ZQueueAction, type TQueueItem } from '#shared/admin/admin.schemas';
import { Button } from '#client/components/ui/button';
import { Card, CardContent } from '#client/components/ui/card';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { cn } from '#client/lib/cn';
import { applyFieldErrors } from '#client/lib/form-errors';
import { useClaim, useQueue, useQueueAction, useQueues } from '../api/get-queues';
import { ConsoleHeading, dateTime, Pager, QueryState, usePageParam } from './console-bits';
import { GigDisputeMilestones } from './gig-dispute-milestones';
import { ReportEvidence } from './report-evidence';

/** The item's note; the action is the button pressed. */
const ZQueueNote = ZQueueAction.pick({ note: true });

const ACTION_LABELS: Record<string, string> = {
  dismiss: 'Dismiss',
  resolve: 'Resolve',
  warn: 'Warn the member',
  grant: 'Grant and lift',
  deny: 'Deny',
  take_down: 'Take down',
  complete: 'Complete (for the talent)',
  cancel: 'Cancel (for the poster)',
};

/**
 * /admin/dashboard/queues[/:kind]: every queue with its open count, and one queue's items. An
 * area whose items have their own screen (course review, refunds) passes it in `panels`.
 */
export function QueuesPage({ panels = {} }: { panels?: Record<string, ReactNode> }) {
  const { kind } = useParams();
  const { data, isPending, isError, refetch } = useQueues();
  const active = kind ?? data?.queues[0]?.kind;

  return (
    <div>
      <ConsoleHeading
        title="Queues"
        description="Opening an item takes it, so two admins never act on one item twice."
      />
      {data ? (
        <nav aria-label="Queues" className="mb-6 flex flex-wrap gap-2">
          {data.queues.map((q) => (
            <NavLink
              key={q.kind}
              to={`/admin/dashboard/queues/${q.kind}`}
              className={() =>
                cn(
                  'inline-flex items-center gap-2 rounded-lg border px-3 py-1.5 text-sm font-medium',
                  q.kind === active
                    ? 'border-indigo-300 bg-indigo-50 text-indigo-800 dark:border-indigo-800 dark:bg-indigo-950/60 dark:text-indigo-200'
                    : 'border-zinc-200 bg-white hover:bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900',
                )
              }
            >
              {q.label}
              <span className="rounded-full bg-zinc-200 px-2 text-xs dark:bg-zinc-700" aria-label={`${q.open} open`}>
                {q.open}
              </span>
            </NavLink>
          ))}
        </nav>
      ) : (
        <QueryState isPending={isPending} isError={isError} label="the queues" onRetry={() => void refetch()} />
      )}
      {active ? (panels[active] ?? <QueueItems kind={active} />) : null}
    </div>
  );
}

function QueueItems({ kind }: { kind: string }) {
  const [page, setPage] = usePageParam();
  const { data, isPending, isError, refetch } = useQueue(kind, page);
  if (!data)
    return <QueryState isPending={isPending} isError={isError} label="this queue" onRetry={() => void refetch()} />;
  return (
    <div>
      {data.items.length === 0 ? (
        <p className="py-6 text-sm text-zinc-600 dark:text-zinc-400">Nothing waiting in {data.label.toLowerCase()}.</p>
      ) : null}
      <ul className="space-y-3">
        {data.items.map((item) => (
          <li key={item.id}>
            <QueueItemCard kind={kind} item={item} />
          </li>
        ))}
      </ul>
      <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
    </div>
  );
}

function QueueItemCard({ kind, item }: { kind: string; item: TQueueItem }) {
  const claim = useClaim(kind);
  const actOn = useQueueAction(kind);
  const [open, setOpen] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof ZQueueNote>, unknown, z.output<typeof ZQueueNote>>({
    resolver: zodResolver(ZQueueNote),
    defaultValues: { note: '' },
  });
  const act = (action: string) =>
    void handleSubmit(({ note }) =>
      actOn.mutate(
        { id: item.id, body: { action, ...(note ? { note } : {}) } },
        { onError: (err) => applyFieldErrors(err, setError, ['note']) },
      ),
    )();
  const holder = claim.data ?? item.claim;
  const mine = holder?.mine ?? false;

  return (
    <Card>
      <CardContent className="space-y-3 py-4 text-sm">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h3 className="font-semibold">{item.title}</h3>
            <p className="text-xs text-zinc-500">{dateTime(item.createdAt)}</p>
          </div>
          {holder && !holder.mine ? (
            <span className="rounded-md bg-amber-50 px-2 py-1 text-xs text-amber-800 dark:bg-amber-950/60 dark:text-amber-200">
              {holder.adminName} is on it
            </span>
          ) : null}
          {!open ? (
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                setOpen(true);
                claim.mutate(item.id);
              }}
            >
              Open
            </Button>
          ) : null}
        </div>
        <p className="whitespace-pre-wrap">{item.summary}</p>
        {open ? (
          <div className="space-y-3 border-t border-zinc-100 pt-3 dark:border-zinc-800">
            {kind === 'disputes' ? <GigDisputeMilestones evidence={item.evidence} /> : null}
            {item.evidence ? <ReportEvidence evidence={item.evidence} /> : null}
            {item.link ? (
              <Link to={item.link} className="inline-block text-indigo-700 hover:underline dark:text-indigo-300">
                {item.link.startsWith('/admin/dashboard/members') ? 'Open the member (suspend from there)' : 'Open it'}
              </Link>
            ) : null}
            {item.actions.length ? (
              <>
                <FormField id={`note-${item.id}`} label="Note (the member may read it)" error={errors.note?.message}>
                  {(c) => <Input {...c} {...register('note')} maxLength={1000} />}
                </FormField>
                <div className="flex flex-wrap gap-2">
                  {item.actions.map((a) => (
                    <Button
                      key={a}
                      size="sm"
                      variant={a === 'dismiss' || a === 'deny' ? 'outline' : 'primary'}
                      disabled={actOn.isPending || (holder !== null && holder !== undefined && !mine)}
                      onClick={() => act(a)}
                    >
                      {ACTION_LABELS[a] ?? a}
                    </Button>
                  ))}
                </div>
              </>
            ) : null}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
