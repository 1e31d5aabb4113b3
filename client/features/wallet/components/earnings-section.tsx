import { Suspense, useMemo } from 'react';
import { formatAmount } from '#shared/money';
import { EARNINGS_MONTHS } from '#shared/wallet/earnings.schemas';
import { LoadFailedCard } from '#client/components/load-failed-card';
import { Card } from '#client/components/ui/card';
import { LazyRevenueChart, monthLabel } from '#client/features/payments';
import { useEarningsByMonth } from '../api/get-earnings';

/** /wallet's earnings by month: what sales and released milestones brought in, month by month, as a chart and a table. */
export function EarningsSection() {
  const earnings = useEarningsByMonth();
  const months = earnings.data?.months ?? [];
  const total = months.reduce((sum, m) => sum + m.earnedMinor, 0);
  const bars = useMemo(
    () => (earnings.data?.months ?? []).map((m) => ({ month: m.month, netMinor: m.earnedMinor })),
    [earnings.data],
  );

  return (
    <section aria-labelledby="earnings-heading" className="mt-8">
      <h2 id="earnings-heading" className="mb-1 text-lg font-semibold">
        Earnings by month
      </h2>
      <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">
        What your sales and released gig milestones earned you, after the platform fee, in the month they came in (Lagos
        time). Refunds show below as their own lines.
      </p>
      {earnings.isPending ? (
        <div
          role="status"
          aria-label="Loading your earnings"
          className="h-56 animate-pulse rounded-2xl bg-zinc-200 dark:bg-zinc-800"
        />
      ) : earnings.isError ? (
        <LoadFailedCard
          variant="compact"
          what="your earnings"
          retrying={earnings.isRefetching}
          onRetry={() => void earnings.refetch()}
        />
      ) : total === 0 ? (
        <Card className="p-4 text-sm text-zinc-600 dark:text-zinc-400">
          No earnings in the last {EARNINGS_MONTHS} months yet.
        </Card>
      ) : (
        <Card className="space-y-4 p-4">
          <p className="text-sm">
            <span className="text-zinc-600 dark:text-zinc-400">Last {EARNINGS_MONTHS} months: </span>
            <span className="font-semibold tabular-nums text-zinc-900 dark:text-white">{formatAmount(total)}</span>
          </p>
          <Suspense
            fallback={
              <div
                role="status"
                aria-label="Loading the chart"
                className="h-56 animate-pulse rounded-xl bg-zinc-100 sm:h-64 dark:bg-zinc-800"
              />
            }
          >
            <LazyRevenueChart
              months={bars}
              currency="NGN"
              netLabel="Earned"
              netOnly
              className="h-56 sm:h-64"
              label={`Bar chart of your earnings per month over the last ${EARNINGS_MONTHS} months, in naira. The table below lists the same figures.`}
            />
          </Suspense>
          <details className="text-sm">
            <summary className="cursor-pointer font-medium text-indigo-700 dark:text-indigo-300">
              Show the figures
            </summary>
            <table className="mt-2 w-full">
              <caption className="sr-only">Earnings by month</caption>
              <thead>
                <tr className="border-b border-zinc-200 text-xs text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
                  <th scope="col" className="py-1.5 text-left font-medium">
                    Month
                  </th>
                  <th scope="col" className="py-1.5 text-right font-medium">
                    Earned
                  </th>
                </tr>
              </thead>
              <tbody>
                {[...months].reverse().map((m) => (
                  <tr
                    key={m.month}
                    data-testid="earnings-month"
                    className="border-b border-zinc-100 last:border-0 dark:border-zinc-800/60"
                  >
                    <th scope="row" className="py-1.5 text-left font-normal">
                      {monthLabel(m.month, 'long')}
                    </th>
                    <td className="py-1.5 text-right tabular-nums">{formatAmount(m.earnedMinor)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </Card>
      )}
    </section>
  );
}
