import { Scale } from 'lucide-react';
import { formatAmount } from '#shared/money';
import type { TMilestone, TMilestoneResolution } from '#shared/talent/escrow.schemas';
import { Button } from '#client/components/ui/button';
import { useGatewayCheckout } from '#client/features/payments';
import { formatDateTime } from '#client/lib/format-date';
import { milestoneDates, MilestoneStatusBadge } from './milestone-status';

interface Props {
  milestone: TMilestone;
  viewer: 'poster' | 'talent';
  posterName: string;
  talentName: string;
  feePercent: number;
  fund: ReturnType<typeof useGatewayCheckout<string>>;
  onCancel: () => void;
  onDispute: () => void;
}

const firstName = (name: string) => name.split(/\s+/)[0] || name;

/** One milestone: title, status, dates and amount, what the talent gets after the fee, the team's decision, its buttons. */
export function MilestoneItem({ milestone: m, viewer, posterName, talentName, feePercent, ...actions }: Props) {
  return (
    <li data-testid="milestone" className="space-y-3 py-3">
      <div>
        <div className="flex items-start justify-between gap-3">
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <p id={`milestone-${m.id}`} className="font-medium break-words text-zinc-900 dark:text-white">
              {m.title}
            </p>
            <MilestoneStatusBadge status={m.status} />
          </div>
          <p className="shrink-0 font-semibold tabular-nums text-zinc-900 dark:text-white">
            {formatAmount(m.amountMinor)}
          </p>
        </div>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{milestoneDates(m)}</p>
        {m.talentNetMinor > 0 ? (
          <p data-testid="milestone-net" className="text-sm text-zinc-700 dark:text-zinc-300">
            {netSentence(m, viewer === 'talent' ? null : firstName(talentName), feePercent)}
          </p>
        ) : null}
      </div>
      {m.outcome ? (
        <MilestoneOutcome outcome={m.outcome} viewer={viewer} posterName={posterName} talentName={talentName} />
      ) : null}
      <MilestoneActions milestone={m} {...actions} />
    </li>
  );
}

/** "You receive ₦27,000 after the 10% platform fee", in the past once it was released; `talent` null is the talent reading. */
function netSentence(m: TMilestone, talent: string | null, feePercent: number): string {
  const done = m.status === 'released';
  const verb = talent ? (done ? `${talent} received` : `${talent} receives`) : done ? 'You received' : 'You receive';
  return `${verb} ${formatAmount(m.talentNetMinor)} after the ${feePercent}% platform fee (${formatAmount(m.platformFeeMinor)}).`;
}

/** The team's decision on a dispute, worded for whoever reads it, with the reason both sides read. */
function MilestoneOutcome({
  outcome: o,
  viewer,
  posterName,
  talentName,
}: {
  outcome: TMilestoneResolution;
  viewer: 'poster' | 'talent';
  posterName: string;
  talentName: string;
}) {
  const talent = viewer === 'talent' ? 'you' : firstName(talentName);
  const poster = viewer === 'poster' ? 'your payment' : `${firstName(posterName)}’s payment`;
  const summary = {
    release: `All ${formatAmount(o.releasedMinor)} released to ${talent}.`,
    refund: `All ${formatAmount(o.refundedMinor)} refunded to ${poster}.`,
    split: `Split: ${formatAmount(o.releasedMinor)} released to ${talent}, ${formatAmount(o.refundedMinor)} refunded to ${poster}.`,
  }[o.decision];
  return (
    <div
      data-testid="milestone-outcome"
      className="rounded-lg border border-zinc-200 bg-zinc-50 px-3.5 py-3 text-sm dark:border-zinc-700 dark:bg-zinc-800/60"
    >
      <p className="flex flex-wrap items-center gap-x-2 font-medium text-zinc-900 dark:text-white">
        <Scale aria-hidden="true" className="size-4 shrink-0" />
        The team’s decision
        <span className="font-normal text-zinc-600 dark:text-zinc-400">{formatDateTime(o.decidedAt)}</span>
      </p>
      <p className="mt-1 text-zinc-800 dark:text-zinc-200">{summary}</p>
      <blockquote className="mt-2 border-l-2 border-zinc-300 pl-3 break-words whitespace-pre-line text-zinc-700 dark:border-zinc-600 dark:text-zinc-300">
        {o.reason}
      </blockquote>
    </div>
  );
}

/** A milestone's buttons, as the server allows them to the viewer (its `actions`). */
function MilestoneActions({
  milestone: m,
  fund,
  onCancel,
  onDispute,
}: {
  milestone: TMilestone;
  fund: ReturnType<typeof useGatewayCheckout<string>>;
  onCancel: () => void;
  onDispute: () => void;
}) {
  const can = (a: TMilestone['actions'][number]) => m.actions.includes(a);
  if (!can('checkout') && !can('cancel') && !can('dispute')) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {can('checkout') ? (
        <Button
          size="sm"
          aria-label={`Fund ${formatAmount(m.amountMinor)}: ${m.title}`}
          loading={fund.busy && fund.paying === m.id}
          loadingText="Opening checkout…"
          disabled={fund.busy}
          onClick={() => fund.pay(m.id)}
        >
          Fund {formatAmount(m.amountMinor)}
        </Button>
      ) : null}
      {can('cancel') ? (
        <Button size="sm" variant="ghost-destructive" aria-label={`Cancel milestone: ${m.title}`} onClick={onCancel}>
          Cancel
        </Button>
      ) : null}
      {can('dispute') ? (
        <Button size="sm" variant="ghost-destructive" aria-label={`Dispute milestone: ${m.title}`} onClick={onDispute}>
          Dispute
        </Button>
      ) : null}
    </div>
  );
}
