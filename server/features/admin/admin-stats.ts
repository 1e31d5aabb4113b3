import type { Db, DbOrTx } from '#server/db/client';
import { AppError } from '#server/lib/errors';
import {
  STATS_MAX_DAYS,
  type TBreakdownFigure,
  type TDailyFigure,
  type TMoneyTotals,
  type TStats,
} from '#shared/admin/admin.schemas';
import { ROLE_LABELS, ROLES } from '#shared/roles';
import type { AdminQueues } from './admin-queues';
import { adminStatsRepo } from './admin-stats.repo';

const DAY_MS = 86_400_000;

/**
 * One figure by day: a single SQL query grouping by UTC day over [from, to), answering rows
 * of `day` (YYYY-MM-DD) and one number per series key. Days without rows count as 0.
 */
export interface DailySource {
  series: Array<{ key: string; label: string; unit: 'count' | 'money'; currency?: string }>;
  query(tx: DbOrTx, from: Date, to: Date): Promise<Array<{ day: string } & Record<string, number | string>>>;
}
/** One figure split by category, as of now (members by role). */
export interface BreakdownSource {
  key: string;
  label: string;
  query(tx: DbOrTx): Promise<Array<{ key: string; label: string; value: number }>>;
}

/** The money the members hold now (the wallet area's ledger): one query. */
export type MoneySource = (tx: DbOrTx) => Promise<TMoneyTotals>;

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The overview's figures. Areas add theirs (`adminStats.addDaily`, `addBreakdown`); each is one query. */
export function createAdminStats(deps: { db: Db; now: () => Date; queues: AdminQueues }) {
  const { db, now, queues } = deps;
  const daily: DailySource[] = [];
  const breakdowns: BreakdownSource[] = [];
  let money: MoneySource | null = null;

  const stats = {
    addDaily(source: DailySource): void {
      daily.push(source);
    },
    addBreakdown(source: BreakdownSource): void {
      breakdowns.push(source);
    },
    setMoney(source: MoneySource): void {
      money = source;
    },

    async overview(q: { from?: string; to?: string }): Promise<TStats> {
      const to = q.to ? new Date(`${q.to}T00:00:00.000Z`) : new Date(`${isoDay(now())}T00:00:00.000Z`);
      const from = q.from ? new Date(`${q.from}T00:00:00.000Z`) : new Date(to.getTime() - 29 * DAY_MS);
      const count = Math.round((to.getTime() - from.getTime()) / DAY_MS) + 1;
      if (count < 1)
        throw new AppError('VALIDATION_FAILED', 'The range must end on or after its start.', {
          to: 'Must be on or after the start',
        });
      if (count > STATS_MAX_DAYS)
        throw new AppError('VALIDATION_FAILED', `At most ${STATS_MAX_DAYS} days at once.`, {
          from: `At most ${STATS_MAX_DAYS} days`,
        });
      const days = Array.from({ length: count }, (_, i) => isoDay(new Date(from.getTime() + i * DAY_MS)));
      const end = new Date(to.getTime() + DAY_MS);
      const index = new Map(days.map((d, i) => [d, i]));

      const figures = await Promise.all(
        daily.map(async (source) => {
          const rows = await source.query(db, from, end);
          return source.series.map((s): TDailyFigure => {
            const points = days.map(() => 0);
            for (const row of rows) {
              const i = index.get(row.day);
              if (i !== undefined) points[i] = Number(row[s.key] ?? 0);
            }
            return {
              key: s.key,
              label: s.label,
              unit: s.unit,
              currency: s.currency ?? null,
              points,
              total: points.reduce((a, b) => a + b, 0),
            };
          });
        }),
      );
      const [split, totals] = await Promise.all([
        Promise.all(
          breakdowns.map(async (b): Promise<TBreakdownFigure> => ({
            key: b.key,
            label: b.label,
            items: await b.query(db),
          })),
        ),
        money ? money(db) : null,
      ]);
      return {
        from: days[0]!,
        to: days[days.length - 1]!,
        days,
        daily: figures.flat(),
        breakdowns: split,
        money: totals,
      };
    },
  };

  // The console's own figures: sign-ups, active members, members by role, open queues.
  stats.addDaily({
    series: [{ key: 'signups', label: 'Sign-ups', unit: 'count' }],
    query: (tx, from, to) => adminStatsRepo.signups(tx, from, to),
  });
  // Active: members whose session was last used that day (sessions are kept until they expire).
  stats.addDaily({
    series: [{ key: 'active', label: 'Active members', unit: 'count' }],
    query: (tx, from, to) => adminStatsRepo.active(tx, from, to),
  });
  stats.addBreakdown({
    key: 'roles',
    label: 'Members by role',
    async query(tx) {
      const rows = await adminStatsRepo.membersByRole(tx);
      const counts = new Map(rows.map((r) => [r.role, r.n]));
      return ROLES.map((role) => ({ key: role, label: ROLE_LABELS[role], value: counts.get(role) ?? 0 }));
    },
  });
  stats.addBreakdown({
    key: 'queues',
    label: 'Open queue items',
    query: async () => (await queues.summaries()).map((q) => ({ key: q.kind, label: q.label, value: q.open })),
  });

  return stats;
}

export type AdminStats = ReturnType<typeof createAdminStats>;
