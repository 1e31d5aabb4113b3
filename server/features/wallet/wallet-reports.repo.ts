import { and, asc, eq, gt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { ledgerAccounts, ledgerLines, ledgerPostings } from './ledger.table';

/** A month in West Africa Time (UTC+1 all year) as the UTC wall time plus an hour: PGlite has no time zone database to rely on. */
const watMonth = (at: unknown) => sql`date_trunc('month', (${at} at time zone 'UTC') + interval '1 hour')`;

/** What a member reads of their own ledger beyond the page of lines: earnings by month and the CSV export. */
export const walletReportsRepo = {
  /**
   * The last `months` WAT calendar months up to `now`'s, oldest first, each with what the member
   * earned in it: the credits to their pending or available balance of postings of `kinds`. One
   * statement; the months come from generate_series, so a month without earnings reads 0.
   */
  async earningsByMonth(
    db: DbOrTx,
    ownerId: string,
    currency: string,
    kinds: readonly string[],
    months: number,
    now: Date,
  ) {
    const last = watMonth(sql`${now.toISOString()}::timestamptz`);
    const first = sql`(${last} - make_interval(months => ${months - 1}))`;
    const { rows } = await db.execute<{ month: string; earned: string | number }>(sql`
      with earned as (
        select to_char(${watMonth(ledgerLines.createdAt)}, 'YYYY-MM') as month, sum(${ledgerLines.amountMinor}) as n
        from ${ledgerLines}
        join ${ledgerAccounts} on ${ledgerAccounts.id} = ${ledgerLines.accountId}
        join ${ledgerPostings} on ${ledgerPostings.id} = ${ledgerLines.postingId}
        where ${ledgerAccounts.ownerId} = ${ownerId}
          and ${ledgerAccounts.currency} = ${currency}
          and ${ledgerAccounts.kind} in ('pending', 'available')
          and ${ledgerPostings.kind} in (${sql.join(
            kinds.map((k) => sql`${k}`),
            sql`, `,
          )})
          and ${ledgerLines.amountMinor} > 0
          and ${ledgerLines.createdAt} >= (${first} - interval '1 hour') at time zone 'UTC'
        group by 1
      )
      select to_char(m, 'YYYY-MM') as month, coalesce(earned.n, 0)::bigint as earned
      from generate_series(${first}, ${last}, interval '1 month') as m
      left join earned on earned.month = to_char(m, 'YYYY-MM')
      order by 1`);
    return rows.map((r) => ({ month: r.month, earnedMinor: Number(r.earned) }));
  },

  /**
   * Every line of a member's wallet in one currency, oldest first, in batches of `batch` read
   * by key (time, id) rather than by offset, so a long history costs the same per batch.
   */
  async *allEntries(db: DbOrTx, ownerId: string, currency: string, batch = 1_000) {
    let after: { createdAt: Date; id: string } | null = null;
    for (;;) {
      const rows = await db
        .select({
          id: ledgerLines.id,
          kind: ledgerPostings.kind,
          amountMinor: ledgerLines.amountMinor,
          bucket: ledgerAccounts.kind,
          createdAt: ledgerLines.createdAt,
          description: ledgerPostings.description,
        })
        .from(ledgerLines)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerLines.accountId))
        .innerJoin(ledgerPostings, eq(ledgerPostings.id, ledgerLines.postingId))
        .where(
          and(
            eq(ledgerAccounts.ownerId, ownerId),
            eq(ledgerAccounts.currency, currency),
            after
              ? or(
                  gt(ledgerLines.createdAt, after.createdAt),
                  and(eq(ledgerLines.createdAt, after.createdAt), gt(ledgerLines.id, after.id)),
                )
              : undefined,
          ),
        )
        .orderBy(asc(ledgerLines.createdAt), asc(ledgerLines.id))
        .limit(batch);
      if (rows.length) yield rows;
      if (rows.length < batch) return;
      after = rows[rows.length - 1]!;
    }
  },
};
