import { Clock, Landmark, Lock, Wallet } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { formatAmount } from '#shared/money';
import type { TWalletBucket, TWalletEntry } from '#shared/wallet/wallet.schemas';
import { PENDING_DAYS } from '#shared/wallet/wallet.schemas';
import { LoadFailedCard } from '#client/components/load-failed-card';
import { PageHeader } from '#client/components/page-header';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { cn } from '#client/lib/cn';
import { formatDate } from '#client/lib/format-date';
import { useWallet, useWalletEntries } from '../api/get-wallet';
import { PayoutPanel } from './payout-panel';

const BUCKET_LABELS: Record<TWalletBucket, string> = {
  available: 'Available',
  pending: 'Pending',
  held: 'In escrow',
  paid_out: 'Paid out',
};

const KIND_LABELS: Record<TWalletEntry['kind'], string> = {
  sale: 'Sale',
  sale_cleared: 'Cleared',
  refund: 'Refund',
  payout: 'Payout',
  payout_paid: 'Paid out',
  payout_failed: 'Payout returned',
  adjustment: 'Adjustment',
  escrow_funded: 'Escrow funded',
  milestone_release: 'Milestone released',
  escrow_refund: 'Escrow refunded',
};

/** /wallet: what a member has earned, where it sits, and every line that moved it. */
export function WalletPage() {
  const wallet = useWallet();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const entries = useWalletEntries(page);
  const w = wallet.data;
  const pages = entries.data ? Math.max(1, Math.ceil(entries.data.total / entries.data.pageSize)) : 1;

  const figures = [
    {
      label: 'Available',
      value: w?.availableMinor,
      icon: Wallet,
      hint: 'Yours to withdraw.',
    },
    {
      label: 'Pending',
      value: w?.pendingMinor,
      icon: Clock,
      hint: `Sales wait ${PENDING_DAYS} days, the refund window, before they become available.`,
    },
    { label: 'In escrow', value: w?.heldMinor, icon: Lock, hint: 'Money you funded for gig work, not yet released.' },
    { label: 'Paid out', value: w?.paidOutMinor, icon: Landmark, hint: 'Sent to your bank account.' },
  ];

  return (
    <>
      <PageHeader title="Wallet" description="Your earnings from course sales and mentorship, less the platform fee." />
      {wallet.isError ? (
        <LoadFailedCard what="your wallet" retrying={wallet.isRefetching} onRetry={() => void wallet.refetch()} />
      ) : (
        <ul aria-label="Balances" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {figures.map(({ label, value, icon: Icon, hint }) => (
            <li key={label}>
              <Card className="h-full p-4">
                <p className="flex items-center gap-2 text-sm font-medium text-zinc-600 dark:text-zinc-400">
                  <Icon aria-hidden="true" className="size-4" />
                  {label}
                </p>
                <p className="mt-1 text-2xl font-semibold tabular-nums text-zinc-900 dark:text-white">
                  {value === undefined ? '…' : formatAmount(value)}
                </p>
                <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">{hint}</p>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {w ? <PayoutPanel availableMinor={w.availableMinor} /> : null}

      <section aria-labelledby="wallet-lines" className="mt-8">
        <h2 id="wallet-lines" className="mb-3 text-lg font-semibold">
          Activity
        </h2>
        {entries.isError ? (
          <LoadFailedCard
            variant="compact"
            what="your wallet's activity"
            retrying={entries.isRefetching}
            onRetry={() => void entries.refetch()}
          />
        ) : entries.isPending ? (
          <div
            role="status"
            aria-label="Loading activity"
            className="h-24 animate-pulse rounded-2xl bg-zinc-200 dark:bg-zinc-800"
          />
        ) : entries.data.entries.length === 0 ? (
          <Card className="p-4 text-sm text-zinc-600 dark:text-zinc-400">
            Nothing yet. When someone buys your course or subscribes to your mentorship plan, it shows here.
          </Card>
        ) : (
          <Card>
            <ul aria-label="Wallet activity" className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {entries.data.entries.map((e) => (
                <li key={e.id} className="flex flex-wrap items-start justify-between gap-2 p-4">
                  <div className="min-w-0">
                    <p className="text-sm font-medium text-zinc-900 dark:text-white">
                      {KIND_LABELS[e.kind]} · {BUCKET_LABELS[e.bucket]}
                    </p>
                    <p className="text-sm break-words text-zinc-600 dark:text-zinc-400">{e.description}</p>
                    <p className="text-xs text-zinc-500 dark:text-zinc-400">{formatDate(e.createdAt)}</p>
                  </div>
                  <p
                    className={cn(
                      'text-sm font-semibold tabular-nums',
                      e.amountMinor < 0 ? 'text-red-700 dark:text-red-400' : 'text-emerald-700 dark:text-emerald-400',
                    )}
                  >
                    {e.amountMinor > 0 ? '+' : '−'}
                    {formatAmount(Math.abs(e.amountMinor))}
                  </p>
                </li>
              ))}
            </ul>
          </Card>
        )}
        {pages > 1 ? (
          <nav aria-label="Activity pages" className="mt-3 flex items-center justify-between gap-2">
            <Button variant="outline" disabled={page <= 1} onClick={() => setParams({ page: String(page - 1) })}>
              Newer
            </Button>
            <span className="text-sm text-zinc-600 dark:text-zinc-400">
              Page {page} of {pages}
            </span>
            <Button variant="outline" disabled={page >= pages} onClick={() => setParams({ page: String(page + 1) })}>
              Older
            </Button>
          </nav>
        ) : null}
      </section>
    </>
  );
}
