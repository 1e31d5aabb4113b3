import { Link } from 'react-router';
import type { TBid, TGigDetail } from '#shared/talent/talent.schemas';
import { BID_STATUS_LABELS } from '#shared/talent/gig-machine';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
import { SkillChips } from '#client/features/skills';
import { formatRating, money } from '../format';

/** A bid as the poster or its bidder sees it, with accept or withdraw while the gig is open. */
export function BidCard({
  bid,
  gig,
  busy,
  mine,
  onAccept,
  onWithdraw,
}: {
  bid: TBid;
  gig: TGigDetail;
  busy: boolean;
  mine: boolean;
  onAccept: () => void;
  onWithdraw: () => void;
}) {
  const open = gig.status === 'open' && bid.status === 'pending';
  return (
    <Card className="space-y-2 p-4" data-testid="bid">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium text-zinc-900 dark:text-white">
            {bid.bidder.username ? (
              <Link to={`/talent/${bid.bidder.id}`} className="hover:underline">
                {bid.bidder.fullName}
              </Link>
            ) : (
              bid.bidder.fullName
            )}
          </p>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {formatRating(bid.bidder.rating)} · {bid.bidder.completedGigs} completed{' '}
            {bid.bidder.completedGigs === 1 ? 'gig' : 'gigs'}
          </p>
        </div>
        <span className="rounded-md bg-zinc-100 px-2 py-0.5 text-xs font-medium text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
          {BID_STATUS_LABELS[bid.status]}
        </span>
      </div>
      <p className="font-medium text-zinc-800 dark:text-zinc-200">
        {money(bid.amount, bid.currency)} in {bid.deliveryDays} {bid.deliveryDays === 1 ? 'day' : 'days'}
      </p>
      <p className="whitespace-pre-line text-zinc-700 dark:text-zinc-300">{bid.proposal}</p>
      <SkillChips skills={bid.matchingSkills} label="Matching skills" />
      {open && gig.actions.includes('accept_bid') ? (
        <Button loading={busy} onClick={onAccept}>
          Accept bid
        </Button>
      ) : null}
      {open && mine ? (
        <Button variant="outline" loading={busy} onClick={onWithdraw}>
          Withdraw bid
        </Button>
      ) : null}
    </Card>
  );
}

/** "Accept this bid?": says who starts the gig and how many other bids are declined with it. */
export function AcceptBidDialog({
  bid,
  gig,
  busy,
  onClose,
  onConfirm,
}: {
  bid: TBid | null;
  gig: TGigDetail;
  busy: boolean;
  onClose: () => void;
  onConfirm: (bid: TBid) => void;
}) {
  const others = bid ? gig.bids.filter((b) => b.id !== bid.id && b.status === 'pending').length : 0;
  return (
    <ConfirmDialog
      open={bid !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Accept this bid?"
      description={
        bid ? (
          <>
            <p>
              {bid.bidder.fullName} starts the gig for {money(bid.amount, bid.currency)}.
            </p>
            <p>
              {others === 0
                ? 'No other bids are waiting.'
                : `The other ${others} ${others === 1 ? 'bid' : 'bids'} will be declined.`}
            </p>
          </>
        ) : null
      }
      confirmText="Accept bid"
      loading={busy}
      loadingText="Accepting…"
      onConfirm={() => bid && onConfirm(bid)}
    />
  );
}
