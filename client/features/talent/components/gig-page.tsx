import { SearchX } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { GIG_STATUS_LABELS } from '#shared/talent/gig-machine';
import type { TBid, TGigDetail } from '#shared/talent/talent.schemas';
import { DocumentTitle } from '#client/components/document-title';
import { LoadFailedCard } from '#client/components/load-failed-card';
import { Markdown } from '#client/components/markdown';
import { StateCard } from '#client/components/state-card';
import { Alert } from '#client/components/ui/alert';
import { buttonClasses } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { PageSpinner } from '#client/components/ui/spinner';
import { isApiError } from '#client/lib/api-client';
import { failureToast } from '#client/lib/failure-toast';
import { formatDate } from '#client/lib/format-date';
import { toast } from '#client/lib/toast';
import { useUser } from '#client/features/accounts';
import { MessageButton } from '#client/features/chat';
import { useVerifyReturn } from '#client/features/payments';
import { SkillChips } from '#client/features/skills';
import { useGig } from '../api/get-gigs';
import { GigMatchPanel } from './gig-match-panel';
import { useGigAction, type GigAction } from '../api/gig-mutations';
import { gigKey } from '../api/query-keys';
import { formatBudget } from '../format';
import { BidForm } from './bid-form';
import { EscrowPanel } from './escrow-panel';
import { AcceptBidDialog, BidCard } from './gig-bids';
import { GigFileList } from './gig-files';
import { GigNextStep, hasNextStep, type RunOptions } from './gig-next-step';
import { ReviewForm } from './review-form';

/** /gigs/{id}: the gig, its bids, and the step the viewer can take next. */
export function GigPage() {
  const { id = '' } = useParams();
  const { data: gig, error, isPending, isRefetching, refetch } = useGig(id);
  const [params] = useSearchParams();
  // Back from funding a milestone at the gateway: the payment is confirmed before the page trusts it.
  const verified = useVerifyReturn(params.get('session_id'), params.get('gateway'), gigKey(id));
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
  return (
    <>
      {verified.isError ? (
        <Alert tone="error" className="mx-auto mb-4 max-w-3xl">
          We could not confirm your payment yet. If you paid, the milestone shows as funded within a few minutes.
        </Alert>
      ) : null}
      <GigView gig={gig} />
    </>
  );
}

function GigView({ gig }: { gig: TGigDetail }) {
  const { data: me } = useUser();
  const act = useGigAction(gig.id);
  const can = (a: TGigDetail['actions'][number]) => gig.actions.includes(a);
  const isPoster = me?.id === gig.poster.id;
  // Accepting declines every other bid: it waits for a confirmation (issue 26).
  const [accepting, setAccepting] = useState<TBid | null>(null);
  const other = isPoster ? gig.talent : gig.poster;
  const escrow = gig.milestones && gig.escrow ? { ...gig, milestones: gig.milestones, escrow: gig.escrow } : null;
  // Held money is released and disputed from the escrow panel, so the next step leaves those out.
  const moneyHeld = Boolean(escrow && escrow.escrow.heldMinor > 0);
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
        {escrow ? null : (
          <Alert tone="info">
            {/* The server's rule (decision 060): fixed-price gigs in naira are paid through escrow. */}
            {gig.budgetType === 'fixed' && gig.currency === 'NGN'
              ? 'The poster pays each milestone into escrow before the work on it starts; the talent is paid when the poster approves the work.'
              : 'Money for this gig is agreed here and paid directly between you, off the platform.'}
          </Alert>
        )}
        {other && other.username && gig.talent && (isPoster || me?.id === gig.talent.id) ? (
          <MessageButton userId={other.id} context={{ kind: 'gig', id: gig.id }} label={`Message ${other.fullName}`} />
        ) : null}
      </Card>

      {me && !isPoster ? <GigMatchPanel gigId={gig.id} /> : null}

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

      {hasNextStep(gig, moneyHeld) ? (
        <GigNextStep key={gig.status} gig={gig} busy={act.isPending} run={run} moneyHeld={moneyHeld} />
      ) : null}

      {escrow && (isPoster || me?.id === gig.talent?.id) ? (
        <EscrowPanel
          gig={escrow}
          viewer={isPoster ? 'poster' : 'talent'}
          releasing={act.isPending}
          onRelease={(onDone) => run('accept-delivery', { done: 'Payment released: the gig is complete', onDone })}
        />
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
