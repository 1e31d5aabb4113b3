import { TrendingUp } from 'lucide-react';
import { lazy, Suspense } from 'react';
import type { TRevenueByCurrency, TTutorRevenue } from '#shared/payments/payments.schemas';
import { LoadFailedCard } from '#client/components/load-failed-card';
import { Card } from '#client/components/ui/card';
import { cn } from '#client/lib/cn';
import { useTutorRevenue } from '../api/get-tutor-revenue';
import { monthLabel, tableMoney } from './revenue-format';

const RevenueChart = lazy(() => import('./revenue-chart').then((m) => ({ default: m.RevenueChart })));

/** /courses/tutor: what the tutor's paid courses earned, before and after the platform fee. */
export function RevenueSection() {
  const revenue = useTutorRevenue();
  return (
    <section aria-labelledby="revenue-heading" className="mb-8">
      <h2 id="revenue-heading" className="mb-1 text-lg font-semibold">
        Revenue
      </h2>
      {revenue.isPending ? (
        <div
          role="status"
          aria-label="Loading your revenue"
          className="h-40 animate-pulse rounded-2xl bg-zinc-200 dark:bg-zinc-800"
        />
      ) : revenue.isError ? (
        <LoadFailedCard
          variant="compact"
          what="your revenue"
          retrying={revenue.isRefetching}
          onRetry={() => void revenue.refetch()}
        />
      ) : (
        <RevenueBody revenue={revenue.data} />
      )}
    </section>
  );
}

export function RevenueBody({ revenue }: { revenue: TTutorRevenue }) {
  const selling = revenue.currencies.filter((c) => c.sales > 0 || c.refundedMinor > 0);
  return (
    <>
      <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">
        Paid sales of your courses, less the platform fee of {revenue.feePercent}%. Refunded sales are not counted.
      </p>
      {selling.length === 0 ? (
        <Card data-testid="revenue-empty" className="flex flex-col items-center gap-2 px-6 py-10 text-center">
          <span className="flex size-11 items-center justify-center rounded-full bg-indigo-50 text-indigo-700 dark:bg-indigo-950/60 dark:text-indigo-300">
            <TrendingUp aria-hidden="true" className="size-5" />
          </span>
          <p className="font-semibold">No sales yet</p>
          <p className="max-w-md text-sm text-zinc-600 dark:text-zinc-400">
            When learners buy your paid courses, your gross sales, the platform fee and your net earnings show here,
            month by month.
          </p>
        </Card>
      ) : (
        <div className="space-y-6">
          {selling.map((c) => (
            <CurrencyRevenue
              key={c.currency}
              revenue={c}
              feePercent={revenue.feePercent}
              showCurrency={selling.length > 1}
            />
          ))}
        </div>
      )}
    </>
  );
}

function CurrencyRevenue({
  revenue,
  feePercent,
  showCurrency,
}: {
  revenue: TRevenueByCurrency;
  feePercent: number;
  showCurrency: boolean;
}) {
  const { currency } = revenue;
  const chartLabel = `Bar chart of net earnings and platform fee per month over the last ${revenue.months.length} months, in ${currency}. The table "Revenue by month" lists the same figures.`;
  return (
    <Card data-testid={`revenue-${currency}`} className="space-y-5 p-4 sm:p-6">
      {showCurrency ? (
        <h3 className="text-base font-semibold">{currency === 'NGN' ? 'Naira (NGN)' : 'US dollars (USD)'}</h3>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Total
          label="Gross sales"
          value={tableMoney(revenue.grossMinor, currency)}
          note={`${revenue.sales} ${revenue.sales === 1 ? 'sale' : 'sales'}`}
        />
        <Total label={`Platform fee (${feePercent}%)`} value={tableMoney(revenue.feeMinor, currency)} />
        <Total
          className="col-span-2 sm:col-span-1"
          label="Net earnings"
          value={tableMoney(revenue.netMinor, currency)}
          note={revenue.refundedMinor > 0 ? `${tableMoney(revenue.refundedMinor, currency)} refunded` : undefined}
          strong
        />
      </dl>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Suspense
          fallback={
            <div
              role="status"
              aria-label="Loading the chart"
              className="h-64 animate-pulse rounded-xl bg-zinc-100 sm:h-72 lg:h-[27rem] dark:bg-zinc-800"
            />
          }
        >
          <RevenueChart months={revenue.months} currency={currency} label={chartLabel} />
        </Suspense>
        <MonthTable revenue={revenue} />
      </div>
    </Card>
  );
}

function Total({
  label,
  value,
  note,
  strong = false,
  className,
}: {
  label: string;
  value: string;
  note?: string;
  strong?: boolean;
  className?: string;
}) {
  return (
    <div className={cn('min-w-0 rounded-xl border border-zinc-200 p-3 dark:border-zinc-800', className)}>
      <dt className="text-sm text-zinc-600 dark:text-zinc-400">{label}</dt>
      <dd
        className={cn(
          'text-xl font-bold break-words tabular-nums sm:text-2xl',
          strong && 'text-indigo-700 dark:text-indigo-300',
        )}
      >
        {value}
      </dd>
      {note ? <dd className="text-xs text-zinc-600 dark:text-zinc-400">{note}</dd> : null}
    </div>
  );
}

function MonthTable({ revenue }: { revenue: TRevenueByCurrency }) {
  const { currency } = revenue;
  const cell = 'px-1.5 py-1.5 text-right tabular-nums sm:px-2';
  return (
    // Scrolls sideways on a narrow phone; focusable so a keyboard can scroll it too.
    <div
      role="region"
      aria-label={`Revenue by month, ${currency}`}
      tabIndex={0}
      className="max-w-full overflow-x-auto rounded-xl border border-zinc-200 dark:border-zinc-800"
    >
      <table className="w-full text-xs sm:text-sm">
        <caption className="px-2 pt-2 text-left text-sm font-medium">Revenue by month</caption>
        <thead>
          <tr className="border-b border-zinc-200 text-xs text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
            <th scope="col" className="px-1.5 py-1.5 text-left font-medium sm:px-2">
              Month
            </th>
            <th scope="col" className={`${cell} font-medium`}>
              Sales
            </th>
            <th scope="col" className={`${cell} font-medium`}>
              Gross
            </th>
            <th scope="col" className={`${cell} font-medium`}>
              Fee
            </th>
            <th scope="col" className={`${cell} font-medium`}>
              Net
            </th>
          </tr>
        </thead>
        <tbody>
          {[...revenue.months].reverse().map((m) => (
            <tr
              key={m.month}
              data-testid="revenue-month"
              className="border-b border-zinc-100 last:border-0 dark:border-zinc-800/60"
            >
              <th scope="row" className="px-1.5 py-1.5 text-left font-normal whitespace-nowrap sm:px-2">
                {monthLabel(m.month)}
              </th>
              <td className={cell}>{m.sales}</td>
              <td className={cell}>{tableMoney(m.grossMinor, currency)}</td>
              <td className={cell}>{tableMoney(m.feeMinor, currency)}</td>
              <td className={`${cell} font-medium`}>{tableMoney(m.netMinor, currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
