import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildPlatform } from '#server/app';
import { openDatabase, type Database, type Db } from '#server/db/client';
import { loadConfig } from '#server/env';
import { againstBareLoop } from './bare-loop';
import { seedCatalogue } from './courses';
import { seedBoard } from './jobs';
import { median } from './load';
import { seedMembers } from './seed';
import { countSql } from './sql-counter';
import { seedGigs, seedTalents } from './talent';

/**
 * Issue 30 item 2 (decision 082): the four list routes at national scale on PostgreSQL
 * (1,000,000 members, 100,000 talents, jobs and gigs, 20,000 courses), each with its common
 * queries: no query, a common word, a filter, a deep page (by `page` and, where a cursor is
 * answered, by `cursor` at the same depth). For each: one request alone (p50 of sequential
 * requests), the HTTP load against a bare loop of its own SQL (bare-loop.ts), p99/p50 under 20
 * connections and the statements a request.
 *
 * `--search-db=<name>` reuses (and keeps) a database seeded by an earlier run, so that figures
 * before and after a change come from the same rows; `--search-keep` keeps the fresh one.
 * `--search-scale=<fraction>` seeds less (a smoke run), `--search-rounds=<n>` (default 3),
 * `--search-route=talent|gigs|jobs|courses` one route (or several, comma-separated).
 */
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const SCALE = Number(arg('search-scale') ?? 1);
const ROUNDS = Number(arg('search-rounds') ?? 3);
const ONLY_ROUTES = arg('search-route')?.split(',');
const REUSE = arg('search-db');
const KEEP = process.argv.includes('--search-keep');
const SIZES = {
  members: Math.round(1_000_000 * SCALE),
  talents: Math.round(100_000 * SCALE),
  jobs: Math.round(100_000 * SCALE),
  gigs: Math.round(100_000 * SCALE),
  courses: Math.round(20_000 * SCALE),
};
/** The page a deep-page query asks for: offset 10,000 at 20 a page. */
const DEEP_PAGE = 501;
const ALONE_REQUESTS = 20;
const ALONE_MAX_MS = 15_000;

type Add = (name: string, value: number, unit: string, goal: string, pass: boolean) => void;

interface Query {
  route: 'talent' | 'gigs' | 'jobs' | 'courses';
  label: string;
  path: string;
  /** Asks `path` then follows its `nextCursor` answer: the same depth by keyset. */
  cursorOf?: string;
}

/** Each list route's queries: none, a common word, its filters, a deep page by number and by cursor. */
function queriesOf(
  route: Query['route'],
  base: string,
  word: string,
  filters: Array<[label: string, query: string]>,
  deepPage = DEEP_PAGE,
): Query[] {
  const deep = (page: number) => `${base}?q=${word}&page=${page}`;
  return [
    { route, label: 'no query', path: base },
    { route, label: 'common word', path: `${base}?q=${word}` },
    ...filters.map(([label, query]) => ({ route, label, path: `${base}?${query}` })),
    { route, label: 'deep page', path: deep(deepPage) },
    { route, label: 'deep page by cursor', path: '', cursorOf: deep(deepPage - 1) },
  ];
}

const QUERIES: Query[] = [
  ...queriesOf('talent', '/api/talent', 'designer', [
    ['skill filter', 'skills=figma'],
    ['word + skill (decision 036)', 'q=designer&skills=figma'],
  ]),
  ...queriesOf('gigs', '/api/talent/gigs', 'designer', [
    ['skill filter', 'skills=figma'],
    ['word + skill (decision 036)', 'q=designer&skills=figma'],
  ]),
  ...queriesOf('jobs', '/api/jobs', 'analyst', [['filter', 'workplace=remote']]),
  ...queriesOf('courses', '/api/courses', 'business', [['filter', 'category=business']], Math.min(DEEP_PAGE, 300)),
];

/** The national scale in a migrated database: every table in a few INSERT … SELECTs (the other benches' seeders). */
async function seedNational(db: Db, log: (s: string) => void) {
  const timed = async (what: string, work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    log(`    ${what}: ${((performance.now() - started) / 1_000).toFixed(1)} s`);
  };
  const { ids } = await seedMembers(db, 3, 'search-owner-');
  const [tutor, employer, poster] = ids as [string, string, string];
  await db.execute(sql`update users set role = 'tutor', roles = array['tutor'] where id = ${tutor}::uuid`);
  await db.execute(sql`update users set role = 'employer', roles = array['employer'] where id = ${employer}::uuid`);
  await timed(`${SIZES.courses} courses`, () => seedCatalogue(db, tutor, SIZES.courses));
  await timed(`${SIZES.jobs} jobs`, () => seedBoard(db, employer, SIZES.jobs));
  await timed(`${SIZES.gigs} gigs`, () => seedGigs(db, poster, SIZES.gigs));
  await timed(`${SIZES.talents} talents`, () => seedTalents(db, SIZES.talents));
  const others = Math.max(0, SIZES.members - SIZES.talents - 5);
  await timed(`${others} more members`, () =>
    db.execute(sql`
      insert into users (username, email, full_name, password_hash, role, email_verified, created_at)
      select 'search-member-' || g, 'search-member-' || g || '@example.com', 'Member ' || g, 'x', 'general', true,
             now() - g * interval '1 minute'
      from generate_series(1, ${others}::int) g`),
  );
  await timed('vacuum analyze', async () => {
    await db.execute(sql`vacuum analyze`);
    await db.execute(sql`checkpoint`);
  });
}

/**
 * The jobs running or due now (pg-boss `pgboss.job`): a fresh database sets off the passport
 * levels backfill (passport.backfill-levels) for every member at start-up, which would run
 * through the measurement. Answers "name (state) x count" lines, empty when idle.
 */
async function busyJobs(db: Db): Promise<string[]> {
  const { rows } = await db.execute(sql`
    select name, state, count(*)::int as n from pgboss.job
    where state = 'active' or (state in ('created', 'retry') and start_after <= now() and name like 'passport.%')
    group by name, state order by name`);
  return (rows as Array<{ name: string; state: string; n: number }>).map((r) => `${r.name} (${r.state}) x${r.n}`);
}

/** Waits until no job runs (at most 60 min), logging what ran and for how long. */
async function waitForIdleJobs(db: Db, log: (s: string) => void) {
  const started = performance.now();
  let busy = await busyJobs(db);
  if (busy.length === 0) return log('  jobs: none running before the measurement');
  log(`  jobs running at start-up, waiting before measuring: ${busy.join(', ')}`);
  while (busy.length > 0 && performance.now() - started < 60 * 60_000) {
    await new Promise((r) => setTimeout(r, 2_000));
    busy = await busyJobs(db);
  }
  const s = ((performance.now() - started) / 1_000).toFixed(0);
  if (busy.length > 0) log(`  WARNING: jobs still running after ${s} s, figures polluted: ${busy.join(', ')}`);
  else log(`  jobs finished after ${s} s; measuring with nothing in the background`);
}

/** Sequential requests, one at a time: the p50 of one request alone. */
async function alone(url: string, headers: Record<string, string>) {
  const times: number[] = [];
  const until = performance.now() + ALONE_MAX_MS;
  while (times.length < ALONE_REQUESTS && (times.length < 3 || performance.now() < until)) {
    const started = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    times.push(performance.now() - started);
  }
  return median(times);
}

export async function searchBench(tmp: string, pgServer: string, add: Add, log: (s: string) => void) {
  const admin = new pg.Client({ connectionString: pgServer });
  await admin.connect();
  const name = REUSE ?? `search_${randomBytes(5).toString('hex')}`;
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  if (!exists) await admin.query(`create database ${name}`);
  const url = new URL(pgServer);
  url.pathname = `/${name}`;
  const database: Database = await openDatabase({ url: url.toString() });
  (database.db as unknown as { $client: pg.Pool }).$client.on('error', () => undefined);
  try {
    await database.migrate();
    const db = database.db;
    const seeded = Number(
      ((await db.execute(sql`select count(*)::int as n from talent_profiles`)).rows[0] as { n: number }).n,
    );
    if (seeded === 0) {
      log(`  seeding national scale x${SCALE} into ${name}`);
      await seedNational(db, log);
    } else log(`  reusing ${name} (${seeded} talents)`);
    // A fresh viewer each run (sessions expire), holding one skill for the jobs' match.
    const { ids, cookies } = await seedMembers(db, 1, `search-viewer-${randomBytes(3).toString('hex')}-`);
    await db.execute(
      sql`insert into user_skills (user_id, skill_id, position) select ${ids[0]!}::uuid, id, 0 from skills where slug = 'python'`,
    );
    // The seed holds no passport evidence, so the start-up backfill (passport.backfill-levels)
    // would store nothing, yet walk every member (about 80 min at 1,000,000) and be sent again at
    // every start, since it runs while no level is stored. One stored level (the viewer's, read by
    // no measured query) says the levels are filled.
    await db.execute(sql`
      insert into passport_levels (user_id, skill_id, level, updated_at)
      select ${ids[0]!}::uuid, id, 'learning', now() from skills where slug = 'python' on conflict do nothing`);
    const headers = { cookie: cookies[0]! };
    const counter = countSql(db);
    const config = { ...loadConfig({ LOG_LEVEL: 'warn', DATA_DIR: tmp }), clientDir: undefined };
    const { app } = await buildPlatform({ config, database });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    try {
      // Let the start-up work (the passport levels backfill on a fresh database) finish first.
      await new Promise((r) => setTimeout(r, 3_000));
      await waitForIdleJobs(db, log);
      for (const q of QUERIES) {
        if (ONLY_ROUTES && !ONLY_ROUTES.includes(q.route)) continue;
        let path = q.path;
        if (q.cursorOf) {
          const first = (await (await fetch(`${base}${q.cursorOf}`, { headers })).json()) as { nextCursor?: string };
          if (!first.nextCursor) {
            log(`  ${q.route} ${q.label}: no nextCursor answered, skipped`);
            add(`${q.route} ${q.label}`, NaN, '', 'run', false);
            continue;
          }
          path = `${q.cursorOf.split('?')[0]}?${new URLSearchParams({ ...Object.fromEntries(new URL(`http://x${q.cursorOf}`).searchParams), cursor: first.nextCursor }).toString().replace(/&?page=\d+/, '')}`;
        }
        const check = await fetch(`${base}${path}`, { headers });
        const body = (await check.json()) as { total?: number };
        if (!check.ok) throw new Error(`${path}: ${check.status} ${JSON.stringify(body).slice(0, 200)}`);
        const name = `PostgreSQL ${q.route} ${q.label} (${body.total} matches)`;
        log(`\n  ${name}: GET ${path}`);
        const p50Alone = await alone(`${base}${path}`, headers);
        add(`${name} p50 alone`, p50Alone, 'ms', '<= 50', p50Alone <= 50);
        const f = await againstBareLoop(app, database, counter, `${base}${path}`, headers, ROUNDS, log);
        add(`${name} / bare loop`, f.ratio, 'x', '>= 0.55', f.ratio >= 0.55);
        const spread = f.p99 / Math.max(f.p50, 1);
        add(`${name} p99/p50 (20 conn, p50 ${Math.round(f.p50)} ms)`, spread, 'x', '<= 3', f.rps > 0 && spread <= 3);
        add(`${name} SQL/request`, f.sqlPerRequest, 'stmts', '<= 3', f.sqlPerRequest <= 3);
        const busy = await busyJobs(db);
        if (busy.length > 0) log(`  WARNING: a job ran during this measurement: ${busy.join(', ')}`);
      }
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    if (!REUSE && !KEEP) await admin.query(`drop database if exists ${name} with (force)`);
    else log(`  kept database ${name}`);
    await admin.end();
  }
}
