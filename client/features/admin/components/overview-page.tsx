import { lazy, Suspense, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { TDailyFigure, TMoneyTotals, TStats } from '#shared/admin/admin.schemas';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardHeader } from '#client/components/ui/card';
import { Input } from '#client/components/ui/input';
import { Label } from '#client/components/ui/label';
import { Select } from '#client/components/ui/select';
import { Spinner } from '#client/components/ui/spinner';
import { useStats } from '../api/get-stats';
import { ConsoleHeading, QueryState } from './console-bits';
import { dateFormat, formatCurrency, formatNumber } from '#shared/format';

const AdminChart = lazy(() => import('./admin-chart').then((m) => ({ default: m.AdminChart })));

const RANGES = [
  ['7', 'Last 7 days'],
  ['30', 'Last 30 days'],
  ['90', 'Last 90 days'],
  ['custom', 'Custom'],
] as const;
const DAY = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

function rangeOf(params: URLSearchParams): { range: string; from: string; to: string } {
  const range = params.get('range') ?? '30';
  const today = isoDay(new Date());
  if (range === 'custom')
    return {
      range,
      from: params.get('from') ?? isoDay(new Date(Date.now() - 29 * DAY)),
      to: params.get('to') ?? today,
    };
  const days = Number(range) || 30;
  return { range: String(days), from: isoDay(new Date(Date.now() - (days - 1) * DAY)), to: today };
}

const amount = (minor: number, currency = 'NGN') =>
  formatCurrency(minor / 100, currency, { whole: true, compact: minor >= 100_000_000 });
const naira = (minor: number) => amount(minor);
/** Counts drawn in the activity chart of jobs and gigs. */
/** A revenue chart for each way of earning, shown once it has earned something. */
const REVENUE_CHARTS = [
  {
    title: 'Course revenue (net and fee)',
    net: 'net',
    fee: 'fee',
    label: 'Course revenue per day: paid to tutors and platform fee',
  },
  {
    title: 'Mentorship revenue (net and fee)',
    net: 'mentorshipNet',
    fee: 'mentorshipFee',
    label: 'Mentorship revenue per day: paid to mentors and platform fee',
  },
];
const MARKET_KEYS = ['jobsOpened', 'jobsFilled', 'applications', 'gigsOpened', 'gigsFilled', 'gigsCompleted'];
const shortDay = (day: string) =>
  dateFormat({ day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/** /admin/dashboard: figures and charts over a date range (issue 16, Overview). */
export function OverviewPage() {
  const [params, setParams] = useSearchParams();
  const { range, from, to } = rangeOf(params);
  const { data, isPending, isError, refetch, isFetching } = useStats(from, to);

  return (
    <div>
      <ConsoleHeading
        title="Overview"
        description="How the platform is doing, day by day (UTC)."
        actions={
          <form
            className="flex flex-wrap items-end gap-3"
            onSubmit={(e) => {
              e.preventDefault();
              const form = new FormData(e.currentTarget);
              const next = String(form.get('range'));
              setParams(
                next === 'custom'
                  ? { range: next, from: String(form.get('from') || from), to: String(form.get('to') || to) }
                  : { range: next },
              );
            }}
          >
            <div className="space-y-1.5">
              <Label htmlFor="overview-range">Range</Label>
              <Select
                id="overview-range"
                name="range"
                defaultValue={range}
                onChange={(e) => e.currentTarget.form?.requestSubmit()}
              >
                {RANGES.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </Select>
            </div>
            {range === 'custom' ? (
              <>
                <div className="space-y-1.5">
                  <Label htmlFor="overview-from">From</Label>
                  <Input id="overview-from" name="from" type="date" defaultValue={from} />
                </div>
                <div className="space-y-1.5">
                  <Label htmlFor="overview-to">To</Label>
                  <Input id="overview-to" name="to" type="date" defaultValue={to} />
                </div>
                <Button type="submit">Show</Button>
              </>
            ) : null}
            {isFetching ? <Spinner /> : null}
          </form>
        }
      />
      {data ? (
        <Figures stats={data} />
      ) : (
        <QueryState isPending={isPending} isError={isError} label="the figures" onRetry={() => void refetch()} />
      )}
    </div>
  );
}

function Figures({ stats }: { stats: TStats }) {
  const labels = useMemo(() => stats.days.map(shortDay), [stats.days]);
  const fig = (key: string): TDailyFigure | undefined => stats.daily.find((f) => f.key === key);
  const series = (...keys: string[]) =>
    keys
      .map(fig)
      .filter((f): f is TDailyFigure => Boolean(f))
      .map((f) => ({ label: f.label, data: f.points }));
  const roles = stats.breakdowns.find((b) => b.key === 'roles');
  const queues = stats.breakdowns.find((b) => b.key === 'queues');
  // Every naira figure; another currency's only when there was some (mentor plans may be priced in dollars).
  const money = stats.daily.filter((f) => f.unit === 'money' && (f.currency === 'NGN' || f.total > 0));
  const has = (key: string) => Boolean(fig(key));
  const counts = stats.daily.filter((f) => f.unit === 'count' && !['signups', 'active', 'enrolments'].includes(f.key));
  const openTotal = queues?.items.reduce((a, b) => a + b.value, 0) ?? 0;

  return (
    <div className="space-y-6">
      <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {[
          ['Sign-ups', formatNumber(fig('signups')?.total ?? 0)],
          ['Active members (latest day)', formatNumber(fig('active')?.points.at(-1) ?? 0)],
          ['Enrolments', formatNumber(fig('enrolments')?.total ?? 0)],
          ...money.map((f) => [f.label, amount(f.total, f.currency ?? 'NGN')] as const),
          ['Open queue items', formatNumber(openTotal)],
          ...counts.map((f) => [f.label, formatNumber(f.total)] as const),
        ].map(([label, value]) => (
          <Card key={label} className="px-5 py-4">
            <dt className="text-sm text-zinc-600 dark:text-zinc-400">{label}</dt>
            <dd className="mt-1 text-2xl font-semibold tracking-tight">{value}</dd>
          </Card>
        ))}
      </dl>
      {stats.money ? <MoneyNow money={stats.money} /> : null}
      <Suspense
        fallback={
          <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
            Loading charts…
          </p>
        }
      >
        <div className="grid gap-6 xl:grid-cols-2">
          <ChartCard title="Sign-ups and active members">
            <AdminChart
              type="line"
              labels={labels}
              series={series('signups', 'active')}
              label="Sign-ups and active members per day"
            />
          </ChartCard>
          <ChartCard title="Enrolments">
            <AdminChart type="bar" labels={labels} series={series('enrolments')} label="Enrolments per day" />
          </ChartCard>
          {REVENUE_CHARTS.filter((chart) => has(chart.net)).map((chart) => (
            <ChartCard key={chart.net} title={chart.title}>
              <AdminChart
                type="bar"
                stacked
                labels={labels}
                series={series(chart.net, chart.fee)}
                format={naira}
                label={chart.label}
              />
            </ChartCard>
          ))}
          {MARKET_KEYS.some(has) ? (
            <ChartCard title="Jobs and gigs">
              <AdminChart
                type="line"
                labels={labels}
                series={series(...MARKET_KEYS)}
                label="Jobs and gigs opened and filled, gigs completed and job applications per day"
              />
            </ChartCard>
          ) : null}
          {has('sessionsHeld') ? (
            <ChartCard title="Mentorship sessions held">
              <AdminChart
                type="bar"
                labels={labels}
                series={series('sessionsHeld')}
                label="Mentorship sessions held per day"
              />
            </ChartCard>
          ) : null}
          {roles ? (
            <ChartCard title={roles.label}>
              <AdminChart
                type="bar"
                horizontal
                labels={roles.items.map((i) => i.label)}
                series={[{ label: 'Members', data: roles.items.map((i) => i.value) }]}
                label="Members by role"
              />
            </ChartCard>
          ) : null}
        </div>
      </Suspense>
      {queues ? (
        <Card>
          <CardHeader>
            <h2 className="text-base font-semibold">{queues.label}</h2>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-2 sm:grid-cols-2 xl:grid-cols-4">
              {queues.items.map((q) => (
                <li
                  key={q.key}
                  className="flex justify-between rounded-lg bg-zinc-50 px-3 py-2 text-sm dark:bg-zinc-950"
                >
                  <span>{q.label}</span>
                  <span className="font-semibold">{q.value}</span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}

/** Where the members' naira stands now (not over the range): the wallets' buckets and the fees the platform kept. */
function MoneyNow({ money }: { money: TMoneyTotals }) {
  const figures = [
    ['Held in escrow', money.heldMinor],
    ['Pending', money.pendingMinor],
    ['Available', money.availableMinor],
    ['Paid out', money.paidOutMinor],
    ['Platform fees', money.platformFeesMinor],
  ] as const;
  return (
    <section aria-labelledby="overview-money">
      <h2 id="overview-money" className="text-base font-semibold">
        Money in the wallets
      </h2>
      <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">
        As it stands now, whatever the range: members’ balances in naira, and the fees kept since the start.
      </p>
      <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-5">
        {figures.map(([label, minor]) => (
          <Card key={label} className="px-5 py-4">
            <dt className="text-sm text-zinc-600 dark:text-zinc-400">{label}</dt>
            <dd className="mt-1 text-2xl font-semibold tracking-tight tabular-nums">{amount(minor)}</dd>
          </Card>
        ))}
      </dl>
    </section>
  );
}

function ChartCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card data-testid="overview-chart">
      <CardHeader>
        <h2 className="text-base font-semibold">{title}</h2>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
