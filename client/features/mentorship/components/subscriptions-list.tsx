import { useId, useState } from 'react';
import type { TSubscription } from '#shared/mentorship/mentorship.schemas';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
import { failureToast } from '#client/lib/failure-toast';
import { toast } from '#client/lib/toast';
import { EndorseSkillForm } from '#client/features/passport';
import { useCancelSubscription, usePauseSubscription, useRenew } from '../api/subscriptions';
import { dateLabel, monthly, STATUS_LABELS } from '../format';

const LIVE = ['trialing', 'active', 'past_due', 'paused'];

/** One subscription as a row, from the mentor's side or the mentee's, with what that side may do. */
function SubscriptionRow({ s, side, highlight }: { s: TSubscription; side: 'mentor' | 'mentee'; highlight: boolean }) {
  const cancel = useCancelSubscription();
  const pause = usePauseSubscription();
  const renew = useRenew();
  const [confirm, setConfirm] = useState<null | 'end' | 'now'>(null);
  const [endorsing, setEndorsing] = useState(false);
  const endorseId = useId();
  const other = side === 'mentor' ? s.mentee : s.mentor;
  const live = LIVE.includes(s.status);
  const renewable = side === 'mentee' && live && !s.cancelAtPeriodEnd && s.priceMinor > 0 && s.status !== 'paused';

  const doRenew = () =>
    renew.mutate(s.id, {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (err) => toast(failureToast('Could not open the renewal', err)),
    });
  const doCancel = (immediately: boolean) =>
    cancel.mutate(
      { id: s.id, immediately },
      { onSuccess: () => setConfirm(null), onError: (err) => toast(failureToast('Could not cancel', err)) },
    );

  return (
    <li>
      <Card
        className={`flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between ${highlight ? 'ring-2 ring-indigo-500' : ''}`}
        data-testid={`subscription-${s.id}`}
      >
        <div className="min-w-0 space-y-1">
          <p className="font-semibold">
            {other.fullName} · {s.planName}
          </p>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {STATUS_LABELS[s.status]} · {monthly(s.priceMinor, s.currency)} · {s.sessionsPerMonth} × {s.sessionMinutes}{' '}
            min a month
          </p>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {live
              ? s.status === 'paused' && s.pausedUntil
                ? `Paused until ${dateLabel(s.pausedUntil)}`
                : s.cancelAtPeriodEnd
                  ? `Ends on ${dateLabel(s.currentPeriodEnd)}`
                  : `${s.priceMinor > 0 ? 'Renews' : 'Continues'} on ${dateLabel(s.currentPeriodEnd)}`
              : `Ended`}
          </p>
        </div>
        {live ? (
          <div className="flex flex-wrap gap-2">
            {renewable ? (
              <Button
                size="sm"
                variant={highlight || s.status !== 'active' ? 'primary' : 'outline'}
                onClick={doRenew}
                loading={renew.isPending}
                loadingText="Opening…"
              >
                Renew now
              </Button>
            ) : null}
            {side === 'mentee' && s.canPause ? (
              <Button
                size="sm"
                variant="outline"
                onClick={() =>
                  pause.mutate(
                    { id: s.id, days: 14 },
                    { onError: (err) => toast(failureToast('Could not pause', err)) },
                  )
                }
                loading={pause.isPending}
              >
                Pause 14 days
              </Button>
            ) : null}
            {!s.cancelAtPeriodEnd ? (
              <Button size="sm" variant="ghost-destructive" onClick={() => setConfirm('end')}>
                Cancel at period end
              </Button>
            ) : null}
            {side === 'mentor' ? (
              <Button size="sm" variant="ghost-destructive" onClick={() => setConfirm('now')}>
                End now
              </Button>
            ) : null}
          </div>
        ) : null}
      </Card>
      {side === 'mentor' ? (
        <div className="mt-1 px-1">
          <Button
            size="sm"
            variant="link"
            aria-expanded={endorsing}
            aria-controls={endorseId}
            onClick={() => setEndorsing((o) => !o)}
          >
            Endorse a skill of {other.fullName}
          </Button>
          <div
            id={endorseId}
            hidden={!endorsing}
            className="mt-2 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
          >
            {endorsing ? <EndorseSkillForm menteeId={other.id} menteeName={other.fullName} /> : null}
          </div>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={confirm === 'now' ? 'End this subscription now?' : 'Cancel at the end of the period?'}
        description={
          confirm === 'now'
            ? 'It ends today; the mentee is owed the unused share of a paid period.'
            : `It stays active until ${dateLabel(s.currentPeriodEnd)}, then ends.`
        }
        confirmText={confirm === 'now' ? 'End now' : 'Cancel subscription'}
        confirmVariant="destructive"
        onConfirm={() => doCancel(confirm === 'now')}
        loading={cancel.isPending}
        loadingText="Cancelling…"
      />
    </li>
  );
}

export function SubscriptionsList({
  subscriptions,
  side,
  highlightId,
  empty,
}: {
  subscriptions: TSubscription[];
  side: 'mentor' | 'mentee';
  highlightId?: string | null;
  empty: string;
}) {
  if (subscriptions.length === 0) return <p className="text-sm text-zinc-600 dark:text-zinc-400">{empty}</p>;
  return (
    <ul className="space-y-3">
      {subscriptions.map((s) => (
        <SubscriptionRow key={s.id} s={s} side={side} highlight={s.id === highlightId} />
      ))}
    </ul>
  );
}
