import { formatAmount } from '#shared/money';
import type { TWalletBucket, TWalletEntry } from '#shared/wallet/wallet.schemas';
import { Card } from '#client/components/ui/card';
import { cn } from '#client/lib/cn';
import { formatDate } from '#client/lib/format-date';

export const BUCKET_LABELS: Record<TWalletBucket, string> = {
  available: 'Available',
  pending: 'Pending',
  held: 'In escrow',
  paid_out: 'Paid out',
  owed: 'Owed',
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
  debt_recovered: 'Paid back',
};

/** A wallet's lines, each with its kind, balance, description, date and signed amount: /wallet and the console's member page. */
export function WalletEntryList({ entries, label }: { entries: TWalletEntry[]; label: string }) {
  return (
    <Card>
      <ul aria-label={label} className="divide-y divide-zinc-200 dark:divide-zinc-800">
        {entries.map((e) => (
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
  );
}
