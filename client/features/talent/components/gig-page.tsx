import { SearchX } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { BID_STATUS_LABELS, GIG_STATUS_LABELS } from '#shared/talent/gig-machine';
import type { TBid, TGigDetail } from '#shared/talent/talent.schemas';
import { DocumentTitle } from '#client/components/document-title';
import { LoadFailedCard } from '#client/components/load-failed-card';
import { Markdown } from '#client/components/markdown';
import { StateCard } from '#client/components/state-card';
import { Alert } from '#client/components/ui/alert';
import { Button, buttonClasses } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
import { PageSpinner } from '#client/components/ui/spinner';
import { isApiError } from '#client/lib/api-client';
import { failureToast } from '#client/lib/failure-toast';
import { formatDate } from '#client/lib/format-date';
import { toast } from '#client/lib/toast';
import { useUser } from '#client/features/accounts';
import { MessageButton } from '#client/features/chat';
import { SkillChips } from '#client/features/skills';
import { useGig } from '../api/get-gigs';
import { useGigAction, type GigAction } from '../api/gig-mutations';
import { formatBudget, formatRating, money } from '../format';
import { BidForm } from './bid-form';
import { GigFileList } from './gig-files';
import { GigNextStep, type RunOptions } from './gig-next-step';
import { ReviewForm } from './review-form';

/** /gigs/{id}: the gig, its bids, and the step the viewer can take next. */
export function GigPage() {
  const { id = '' } = useParams();
  const { data: gig, error, isPending, isRefetching, refetch } = useGig(id);
  if (isPending) return <PageSpinner label="Loading gig…" />;
  if (isApiError(error, 404)) {
    return (
      <StateCard
        icon={SearchX}
        title="This gig is not available"
        actions={
          <Link to="/gigs" className={buttonClasses('outline')}>
            Browse gigs
          </Link>
        }
      >
        It may have been removed.
      </StateCard>
    );
  }
  if (!gig) return <LoadFailedCard what="this gig" retrying={isRefetching} onRetry={() => void refetch()} />;
  return <GigView gig={gig} />;
}

function GigView({ gig }: { gig: TGigDetail }) {
  const { data: me } = useUser();
  const act = useGigAction(gig.id);
  const can = (a: TGigDetail['actions'][number]) => gig.actions.includes(a);
  const isPoster = me?.id === gig.poster.id;
  // Accepting declines every other bid: it waits for a confirmation (issue 26).
  const [accepting, setAccepting] = useState<TBid | null>(null);
  const other = isPoster ? gig.talent : gig.poster;
  const run = (action: GigAction, opts: RunOptions & { bidId?: string; onDone?: () => void }) =>
    act.mutate(
      { action, bidId: opts.bidId, note: opts.note, fileUploadIds: opts.fileUploadIds },
      {
        onSettled: opts.onDone,
        onSuccess: () => toast({ title: opts.done }),
        onError: opts.onError ?? ((err) => toast(failureToast('That did not work', err))),
      },
    );

  return (
    <article aria-labelledby="gig-title" className="mx-auto max-w-3xl space-y-6">
      <DocumentTitle title={gig.title} />
      <Card className="space-y-3 p-5 sm:p-8">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h1
            id="gig-title"
            className="min-w-0 text-2xl font-semibold tracking-tight break-words text-zinc-900 dark:text-white"
          >
            {gig.title}
          </h1>
          <span
            data-testid="gig-status"
            className="rounded-md bg-zinc-100 px-2 py-0.5 text-sm font-medium text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"
          >
            {GIG_STATUS_LABELS[gig.status]}
          </span>
        </div>
        <p className="text-lg font-medium text-zinc-800 dark:text-zinc-200">{formatBudget(gig)}</p>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Posted by {gig.poster.fullName} on {formatDate(gig.createdAt)}
          {gig.deadline ? ` · due ${formatDate(gig.deadline)}` : ''}
          {gig.talent ? ` · hired: ${gig.talent.fullName}` : ''}
        </p>
        <Markdown source={gig.description} />
        <SkillChips skills={gig.skills} />
        <GigFileList files={gig.attachments} label="Attachments" />
        <Alert tone="info">
          Money for gigs is agreed here and paid directly between you, off the platform, for now.
        </Alert>
        {other && other.username && gig.talent && (isPoster || me?.id === gig.talent.id) ? (
          <MessageButton userId={other.id} context={{ kind: 'gig', id: gig.id }} label={`Message ${other.fullName}`} />
        ) : null}
      </Card>

      {gig.deliveryNote && gig.status !== 'open' ? (
        <Card className="space-y-1 p-5">
          <h2 className="font-semibold text-zinc-900 dark:text-white">Delivery</h2>
          <p className="whitespace-pre-line text-zinc-800 dark:text-zinc-200">{gig.deliveryNote}</p>
          <GigFileList files={gig.deliveryFiles} label="Delivered files" />
          {gig.autoCompleteAt ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              Completes by itself on {formatDate(gig.autoCompleteAt)} unless the poster answers.
            </p>
          ) : null}
        </Card>
      ) : null}

      {can('deliver') || can('request_changes') || can('dispute') || can('accept_delivery') || can('cancel') ? (
        <GigNextStep key={gig.status} gig={gig} busy={act.isPending} run={run} />
      ) : null}

      {can('bid') ? (
        <Card className="space-y-3 p-5">
          <h2 className="font-semibold text-zinc-900 dark:text-white">Place a bid</h2>
          <BidForm gigId={gig.id} currency={gig.currency} />
        </Card>
      ) : null}

      {gig.bids.length > 0 ? (
        <section aria-labelledby="bids-title" className="space-y-3">
          <h2 id="bids-title" className="text-lg font-semibold text-zinc-900 dark:text-white">
            {isPoster ? `Bids (${gig.bids.length})` : 'Your bid'}
          </h2>
          <ul className="space-y-3" aria-label="Bids">
            {gig.bids.map((b) => (
              <li key={b.id}>
                <BidCard
                  bid={b}
                  gig={gig}
                  busy={act.isPending}
                  onAccept={() => setAccepting(b)}
                  onWithdraw={() => run('withdraw', { bidId: b.id, done: 'Bid withdrawn' })}
                  mine={b.bidder.id === me?.id}
                />
              </li>
            ))}
          </ul>
          <AcceptBidDialog
            bid={accepting}
            gig={gig}
            busy={act.isPending}
            onClose={() => setAccepting(null)}
            onConfirm={(b) =>
              run('accept', {
                bidId: b.id,
                done: 'Bid accepted: the gig has started',
                onDone: () => setAccepting(null),
              })
            }
          />
        </section>
      ) : null}

      {can('review') && other ? (
        <Card className="space-y-3 p-5">
          <h2 className="font-semibold text-zinc-900 dark:text-white">Review {other.fullName}</h2>
          <ReviewForm gigId={gig.id} otherName={other.fullName} />
        </Card>
      ) : null}
      {gig.myReview && gig.reviews.length === 0 ? (
        <Alert tone="info">
          Thank you for your review. It shows when you have both reviewed, or 14 days after completion.
        </Alert>
      ) : null}
      {gig.reviews.length > 0 ? (
        <section aria-labelledby="reviews-title" className="space-y-3">
          <h2 id="reviews-title" className="text-lg font-semibold text-zinc-900 dark:text-white">
            Reviews
          </h2>
          <ul className="space-y-3">
            {gig.reviews.map((r) => (
              <li key={r.id}>
                <Card className="p-4">
                  <p className="font-medium text-zinc-900 dark:text-white">
                    {r.author.fullName}: {r.rating} ★
                  </p>
                  {r.text ? <p className="text-zinc-700 dark:text-zinc-300">{r.text}</p> : null}
                </Card>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}

function BidCard({
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
function AcceptBidDialog({
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
