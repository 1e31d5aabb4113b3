import { Wallet } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatAmount } from '#shared/money';
import { Alert } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
import { cn } from '#client/lib/cn';
import { failureToast } from '#client/lib/failure-toast';
import { toast } from '#client/lib/toast';
import { useGatewayCheckout } from '#client/features/payments';
import type { TEscrow, TMilestone } from '#shared/talent/escrow.schemas';
import type { TGigDetail } from '#shared/talent/talent.schemas';
import { fundMilestone, useCancelMilestone } from '../api/milestone-mutations';
import { MilestoneDisputeDialog } from './milestone-dispute-dialog';
import { MilestoneSplitEditor } from './milestone-split-editor';
import { MilestoneItem } from './milestone-item';

interface Props {
  gig: TGigDetail & { milestones: TMilestone[]; escrow: TEscrow };
  viewer: 'poster' | 'talent';
  /** Accepts the delivery, which releases every funded milestone (the page's gig action). */
  onRelease: (done: () => void) => void;
  releasing: boolean;
}

/**
 * The gig's money: each milestone with its amount, due date and status, what is funded, held and
 * released, and in a sentence what happens next. The poster funds, cancels, splits, releases and
 * disputes; the talent reads the same and may dispute.
 */
export function EscrowPanel({ gig, viewer, onRelease, releasing }: Props) {
  const { milestones, escrow } = gig;
  const poster = viewer === 'poster';
  const fund = useGatewayCheckout(fundMilestone);
  const cancel = useCancelMilestone(gig.id);
  const [editing, setEditing] = useState(false);
  // Closing the editor brings the keyboard back to the button that opened it.
  const splitButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !editing) splitButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  const [cancelling, setCancelling] = useState<TMilestone | null>(null);
  const [disputing, setDisputing] = useState<TMilestone | null>(null);
  const [confirmRelease, setConfirmRelease] = useState(false);
  const canRelease = poster && gig.actions.includes('accept_delivery') && escrow.heldMinor > 0;
  // Accepting a delivery with milestones still to fund releases what is held and sends the gig back to work.
  const more = milestones.some((m) => m.status === 'unfunded');

  const figures = [
    { label: 'Funded', value: escrow.fundedMinor },
    { label: 'Held in escrow', value: escrow.heldMinor },
    { label: 'Released', value: escrow.releasedMinor },
    ...(escrow.refundedMinor > 0 ? [{ label: 'Refunded', value: escrow.refundedMinor }] : []),
  ];

  return (
    <section aria-labelledby="escrow-title">
      <Card className="space-y-4 p-5" data-testid="escrow-panel">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="escrow-title" className="font-semibold text-zinc-900 dark:text-white">
            Payment in escrow
          </h2>
          {poster && escrow.canEditPlan && !editing ? (
            <Button ref={splitButton} variant="outline" size="sm" onClick={() => setEditing(true)}>
              Split into milestones
            </Button>
          ) : null}
        </div>
        <p className="text-zinc-800 dark:text-zinc-200" data-testid="escrow-next">
          {escrow.next}
        </p>
        {viewer === 'talent' && escrow.heldMinor > 0 ? (
          <Alert tone="info">{formatAmount(escrow.heldMinor)} is held in escrow for you.</Alert>
        ) : null}
        {viewer === 'talent' && escrow.releasedMinor > 0 ? (
          <Alert tone="success">
            {formatAmount(escrow.releasedMinor)} has been released to you, less the platform fee.{' '}
            <Link to="/wallet" className="font-medium underline underline-offset-2">
              Open your wallet
            </Link>
          </Alert>
        ) : null}

        <dl
          className={cn(
            'divide-y divide-zinc-200 rounded-xl bg-zinc-50 sm:grid sm:divide-x sm:divide-y-0 dark:divide-zinc-700 dark:bg-zinc-800/60',
            figures.length === 4 ? 'sm:grid-cols-4' : 'sm:grid-cols-3',
          )}
        >
          {figures.map((f) => (
            <div key={f.label} className="flex items-baseline justify-between gap-3 px-3 py-2 sm:block">
              <dt className="text-sm font-medium text-zinc-600 sm:text-xs dark:text-zinc-400">{f.label}</dt>
              <dd className="font-semibold tabular-nums text-zinc-900 sm:text-lg dark:text-white">
                {formatAmount(f.value)}
              </dd>
            </div>
          ))}
        </dl>

        {editing ? (
          <MilestoneSplitEditor
            gigId={gig.id}
            totalMinor={escrow.planTotalMinor}
            milestones={milestones}
            onDone={() => setEditing(false)}
          />
        ) : (
          <ol aria-label="Milestones" className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {milestones.map((m) => (
              <MilestoneItem
                key={m.id}
                milestone={m}
                viewer={viewer}
                posterName={gig.poster.fullName}
                talentName={gig.talent?.fullName ?? 'The talent'}
                feePercent={escrow.feePercent}
                fund={fund}
                onCancel={() => setCancelling(m)}
                onDispute={() => setDisputing(m)}
              />
            ))}
          </ol>
        )}

        {canRelease ? (
          <div className="space-y-2 border-t border-zinc-200 pt-4 dark:border-zinc-800">
            <p className="text-sm text-zinc-700 dark:text-zinc-300">
              Happy with the delivery? Releasing pays the talent what is held
              {more ? ', then the work goes on to the next milestone.' : ' and completes the gig.'}
            </p>
            <Button variant="success" loading={releasing} onClick={() => setConfirmRelease(true)}>
              <Wallet aria-hidden="true" className="size-4" />
              Release payment
            </Button>
          </div>
        ) : null}
      </Card>

      {fund.dialog}
      <ConfirmDialog
        open={confirmRelease}
        onOpenChange={setConfirmRelease}
        title={`Release ${formatAmount(escrow.heldMinor)}?`}
        description={
          <>
            <p>
              This accepts the delivery and pays {gig.talent?.fullName ?? 'the talent'} {formatAmount(escrow.heldMinor)}{' '}
              from escrow. The gig is then complete.
            </p>
            <p>Money released cannot be taken back.</p>
          </>
        }
        confirmText="Release payment"
        confirmVariant="success"
        loading={releasing}
        loadingText="Releasing…"
        onConfirm={() => onRelease(() => setConfirmRelease(false))}
      />
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => (open ? undefined : setCancelling(null))}
        title="Cancel this milestone?"
        description={
          cancelling ? (
            <p>
              “{cancelling.title}”, {formatAmount(cancelling.amountMinor)}, has not been funded. Cancelled, it is not
              paid for or worked on.
            </p>
          ) : null
        }
        confirmText="Cancel milestone"
        confirmVariant="destructive"
        cancelText="Keep it"
        loading={cancel.isPending}
        loadingText="Cancelling…"
        onConfirm={() =>
          cancelling &&
          cancel.mutate(cancelling.id, {
            onSuccess: () => toast({ title: 'Milestone cancelled' }),
            onError: (err) => toast(failureToast('Could not cancel the milestone', err)),
            onSettled: () => setCancelling(null),
          })
        }
      />
      <MilestoneDisputeDialog gigId={gig.id} milestone={disputing} onClose={() => setDisputing(null)} />
    </section>
  );
}
