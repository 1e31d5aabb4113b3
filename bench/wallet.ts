import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, Db } from '#server/db/client';
import { ledgerRepo } from '#server/features/wallet/ledger.repo';
import { againstBareLoop, type BareLoopFigures } from './bare-loop';
import { seedMembers } from './seed';
import type { SqlCounter } from './sql-counter';

/** Issue 27: the wallet over 1,000,000 ledger lines; `--wallet=<lines>` for a smaller smoke run. */
export const LEDGER_LINES = Number(process.argv.find((a) => a.startsWith('--wallet='))?.slice(9) ?? 1_000_000);
/** Members who earned besides the one measured. */
const OTHERS = 999;
/** One sale in this many is the measured member's: about 10,000 of the million lines are in their wallet. */
const MINE_EVERY = 60;
/** A sale and its clearing: five lines (clearing, fees, pending; pending, available). */
const LINES_PER_SALE = 5;

/**
 * LEDGER_LINES lines in a few INSERT … SELECTs: sales of `me` and of OTHERS other members, one a
 * minute into the past, each with its clearing seven days later, as the wallet posts them. The
 * lines' triggers (balanced postings, foreign keys) are off for the load, which makes them
 * consistent by construction, and one GROUP BY checks every posting sums to zero instead of a
 * million deferred checks; kept balances are set from the lines.
 */
export async function seedLedger(db: Db, me: string, lines: number): Promise<void> {
  const sales = Math.ceil(lines / LINES_PER_SALE);
  await db.execute(sql`
    insert into users (username, email, full_name, password_hash, role, roles, email_verified)
    select 'bench-earner-' || g, 'bench-earner-' || g || '@example.com', 'Earner ' || g, 'x', 'tutor', array['tutor'], true
    from generate_series(1, ${OTHERS}::int) g`);
  await db.execute(sql`
    insert into ledger_accounts (owner_id, kind, currency)
    select u.id, k.kind, 'NGN'
    from users u cross join (values ('pending'), ('available'), ('paid_out')) k(kind)
    where u.username like 'bench-earner-%' or u.id = ${me}::uuid`);
  await db.execute(sql`
    insert into ledger_accounts (owner_id, kind, currency)
    values (null, 'gateway_clearing', 'NGN'), (null, 'platform_fees', 'NGN')
    on conflict on constraint ledger_accounts_key do nothing`);
  await db.execute(sql`
    create temp table bench_sales as
    select g, gen_random_uuid() as sale_id, gen_random_uuid() as cleared_id,
           200000 + (g % 40) * 50000 as gross, (200000 + (g % 40) * 50000) / 10 as fee,
           now() - (${sales}::int - g) * interval '1 minute' - interval '7 days' as at,
           case when g % ${MINE_EVERY}::int = 0 then ${me}::uuid
                else (select array_agg(id order by username) from users where username like 'bench-earner-%')[1 + g % ${OTHERS}::int] end as owner
    from generate_series(1, ${sales}::int) g`);
  await db.execute(sql`
    insert into ledger_postings (id, kind, source, subject, description, created_at)
    select sale_id, 'sale', 'bench:' || g, 'bench:' || g, 'Sale of “Course ' || (g % 97) || '” (less the platform fee)', at
    from bench_sales
    union all
    select cleared_id, 'sale_cleared', 'bench:' || g, 'bench:' || g, 'Refund window closed: now available to withdraw',
           at + interval '7 days'
    from bench_sales`);
  await db.execute(sql`alter table ledger_lines disable trigger all`);
  await db.execute(sql`
    insert into ledger_lines (posting_id, account_id, amount_minor, created_at)
    select s.sale_id, gc.id, -s.gross, s.at from bench_sales s, ledger_accounts gc
    where gc.owner_id is null and gc.kind = 'gateway_clearing'
    union all
    select s.sale_id, pf.id, s.fee, s.at from bench_sales s, ledger_accounts pf
    where pf.owner_id is null and pf.kind = 'platform_fees'
    union all
    select s.sale_id, p.id, s.gross - s.fee, s.at from bench_sales s
    join ledger_accounts p on p.owner_id = s.owner and p.kind = 'pending'
    union all
    select s.cleared_id, p.id, s.fee - s.gross, s.at + interval '7 days' from bench_sales s
    join ledger_accounts p on p.owner_id = s.owner and p.kind = 'pending'
    union all
    select s.cleared_id, a.id, s.gross - s.fee, s.at + interval '7 days' from bench_sales s
    join ledger_accounts a on a.owner_id = s.owner and a.kind = 'available'`);
  await db.execute(sql`alter table ledger_lines enable trigger all`);
  const unbalanced = await ledgerRepo.unbalanced(db);
  if (unbalanced.length) throw new Error(`bench ledger: ${unbalanced.length} postings do not sum to zero`);
  await db.execute(sql`
    update ledger_accounts a set balance_minor = s.total
    from (select account_id, sum(amount_minor) as total from ledger_lines group by account_id) s
    where s.account_id = a.id`);
  await db.execute(sql`drop table bench_sales`);
  for (const table of ['users', 'ledger_accounts', 'ledger_postings', 'ledger_lines'])
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  await db.execute(sql`checkpoint`);
}

export interface WalletRouteFigures extends BareLoopFigures {
  path: string;
}

/**
 * GET /api/wallet and GET /api/wallet/entries?page=1 for a member with about 10,000 lines among
 * LEDGER_LINES, each against a bare loop of the very statements one request sends (bare-loop.ts).
 */
export async function walletFigures(
  app: FastifyInstance,
  database: Database,
  base: string,
  counter: SqlCounter,
  rounds: number,
  log: (s: string) => void,
) {
  const db = database.db;
  const { ids, cookies } = await seedMembers(db, 1, `bench-wallet-${database.driver}-`);
  const started = performance.now();
  log(`  seeding ${LEDGER_LINES.toLocaleString('en')} ledger lines`);
  await seedLedger(db, ids[0]!, LEDGER_LINES);
  const seedSeconds = (performance.now() - started) / 1_000;
  const [{ n }] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from ledger_lines`)).rows as [
    { n: number },
  ];
  log(`  seeded ${n.toLocaleString('en')} lines in ${seedSeconds.toFixed(1)} s`);
  const headers = { cookie: cookies[0]! };
  const routes: WalletRouteFigures[] = [];
  for (const path of ['/api/wallet', '/api/wallet/entries?page=1']) {
    const check = await app.inject({ method: 'GET', url: path, headers });
    const body = check.json() as { availableMinor?: number; entries?: unknown[]; total?: number };
    if (check.statusCode !== 200 || (body.entries ? body.entries.length !== 20 : !body.availableMinor))
      throw new Error(`unexpected answer: ${check.body.slice(0, 200)}`);
    log(`  GET ${path}: ${check.body.slice(0, 120)}`);
    routes.push({ path, ...(await againstBareLoop(app, database, counter, `${base}${path}`, headers, rounds, log)) });
  }
  return { seedSeconds, lines: n, routes };
}
