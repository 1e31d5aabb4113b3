import { Clock, Download, Landmark, Lock, Wallet } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { formatAmount } from '#shared/money';
import { PENDING_DAYS } from '#shared/wallet/wallet.schemas';
import { LoadFailedCard } from '#client/components/load-failed-card';
import { PageHeader } from '#client/components/page-header';
import { Button, buttonClasses } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { walletCsvUrl } from '../api/get-earnings';
import { useWallet, useWalletEntries } from '../api/get-wallet';
import { EarningsSection } from './earnings-section';
import { PayoutPanel } from './payout-panel';
import { WalletEntryList } from './wallet-entries';

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
      {w && w.owedMinor > 0 ? (
        <p
          role="status"
          className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          You owe {formatAmount(w.owedMinor)}: a refund was approved after that sale’s money had left your wallet. It is
          taken from your next earnings before they become available to withdraw.
        </p>
      ) : null}
      {w ? <PayoutPanel availableMinor={w.availableMinor} /> : null}
      <EarningsSection />

      <section aria-labelledby="wallet-lines" className="mt-8">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h2 id="wallet-lines" className="text-lg font-semibold">
            Activity
          </h2>
          {/* A plain link: the browser saves the file itself, with the session's cookie. */}
          <a href={walletCsvUrl} download="wallet.csv" className={buttonClasses('outline')}>
            <Download aria-hidden="true" className="size-4" />
            Download CSV
          </a>
        </div>
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
          <WalletEntryList entries={entries.data.entries} label="Wallet activity" />
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
