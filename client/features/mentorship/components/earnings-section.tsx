import { Suspense } from 'react';
import { Card } from '#client/components/ui/card';
import { LazyRevenueChart, tableMoney } from '#client/features/payments';
import { useEarnings } from '../api/subscriptions';

/** The mentor's earnings: gross, platform fee and net by month, with the tutor revenue's chart. */
export function EarningsSection() {
  const { data } = useEarnings();
  if (!data) return null;
  const sum = (k: 'grossMinor' | 'feeMinor' | 'netMinor') => data.months.reduce((a, m) => a + m[k], 0);
  const months = data.months.map((m) => ({ ...m, sales: 0 }));
  return (
    <section aria-labelledby="earnings-heading" className="space-y-3">
      <h2 id="earnings-heading" className="text-lg font-semibold">
        Earnings
      </h2>
      <Card className="space-y-4 p-4 sm:p-6">
        <dl className="grid grid-cols-3 gap-3">
          {(
            [
              ['Gross', 'grossMinor'],
              ['Platform fee', 'feeMinor'],
              ['Net', 'netMinor'],
            ] as const
          ).map(([label, key]) => (
            <div key={key} className="min-w-0 rounded-xl border border-zinc-200 p-3 dark:border-zinc-800">
              <dt className="text-sm text-zinc-600 dark:text-zinc-400">{label} (12 months)</dt>
              <dd className="text-lg font-bold break-words tabular-nums">{tableMoney(sum(key), data.currency)}</dd>
            </div>
          ))}
        </dl>
        <Suspense
          fallback={
            <div
              role="status"
              aria-label="Loading the chart"
              className="h-64 animate-pulse rounded-xl bg-zinc-100 dark:bg-zinc-800"
            />
          }
        >
          <LazyRevenueChart
            months={months}
            currency={data.currency}
            label={`Bar chart of net mentoring earnings and platform fee per month over the last ${months.length} months, in ${data.currency}.`}
          />
        </Suspense>
      </Card>
    </section>
  );
}
