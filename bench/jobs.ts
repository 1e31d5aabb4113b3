import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Database, Db } from '../server/db/client';
import { pairedRatio } from './auth-path';
import { load, median, trackRequests, untilIdle, type LoadResult } from './load';
import { CONNECTIONS, ROUND_SECONDS, statementsPerRequest, type RouteFigures } from './measure';
import { seedMembers } from './seed';
import type { CapturedSql, SqlCounter } from './sql-counter';

/** Issue 13: the board over 100,000 open jobs; `--jobs=<n>` for a smaller smoke run. */
export const JOB_BOARD_SIZE = Number(process.argv.find((a) => a.startsWith('--jobs='))?.slice(7) ?? 100_000);
/** In about a third of the titles: a common word, so the search ranks thousands of matches. */
const COMMON_WORD = 'analyst';
const WARMUP_SECONDS = 3;
const LOAD_CORE = 1;

/** `n` open jobs of one employer in one INSERT … SELECT, each with two skills; the search vector fills itself. */
export async function seedBoard(db: Db, employerId: string, n: number): Promise<void> {
  await db.execute(sql`
    insert into jobs (employer_id, title, company_name, description, location, workplace, type, experience,
                      salary_min, salary_max, status, posted_at, skill_text, created_at)
    select ${employerId}::uuid,
           (array['Junior','Senior','Lead','Principal','Graduate'])[1 + g % 5] || ' '
             || case when g % 3 = 0 then '${sql.raw(COMMON_WORD)}' else (array['developer','designer','accountant','driver','nurse','teacher'])[1 + g % 6] end
             || ' ' || g,
           (array['Eko Freight','Arewa Agro','Garden City Energy','Lagos Logistics','Ibadan Books'])[1 + g % 5],
           'Join a growing team. Number ' || g || '. Work with data, customers and partners across Nigeria.',
           (array['Lagos','Abuja','Port Harcourt','Ibadan','Kano','Remote'])[1 + g % 6],
           (array['onsite','remote','hybrid'])[1 + g % 3],
           (array['full_time','part_time','contract','internship'])[1 + g % 4],
           (array['entry','mid','senior'])[1 + g % 3],
           100000 + (g % 20) * 25000, 200000 + (g % 20) * 40000,
           'open', now() - g * interval '1 minute',
           (array['Python SQL','JavaScript Figma','Figma Python','SQL JavaScript'])[1 + g % 4],
           now() - g * interval '1 minute'
    from generate_series(1, ${n}::int) g`);
  // The same two skills as skill_text, so the member's match ("1 of 2 skills") is real work.
  await db.execute(sql`
    insert into job_skills (job_id, skill_id, position)
    select j.id, s.id, p.position::int - 1
    from (select id, (row_number() over (order by created_at desc))::int as g from jobs where employer_id = ${employerId}::uuid) j
    cross join lateral unnest(case j.g % 4 when 0 then array['python','sql'] when 1 then array['javascript','figma']
                                           when 2 then array['figma','python'] else array['sql','javascript'] end)
      with ordinality as p(slug, position)
    join skills s on s.slug = p.slug`);
  await db.execute(sql`vacuum analyze jobs`);
  await db.execute(sql`vacuum analyze job_skills`);
  await db.execute(sql`checkpoint`);
}

export interface JobFigures extends RouteFigures {
  sqlPerRequest: number;
  matches: number;
  seedSeconds: number;
  /** Statements a second of the request's own SQL replayed one after another (no HTTP, no framework). */
  bareLoop: number;
  /** The request's rate over the bare loop's, the median of the rounds' own ratios. */
  ratio: number;
}

/**
 * GET /api/jobs?q=<common word> for a signed-in member with skills, over JOB_BOARD_SIZE open
 * jobs, against a bare loop of its SQL: the statements one request sends (session, page of
 * jobs, their skills), captured with their parameters and replayed through the same driver on
 * the same database in this process, one request's worth after another. Rounds alternate the
 * loop and the HTTP load, so drift on a shared machine hits both alike.
 */
export async function jobsFigures(app: FastifyInstance, database: Database, base: string, counter: SqlCounter, rounds: number, log: (s: string) => void): Promise<JobFigures> {
  const db = database.db;
  const { ids, cookies } = await seedMembers(db, 2, `bench-jobs-${database.driver}-`);
  await db.execute(sql`update users set role = 'employer', roles = array['employer'] where id = ${ids[0]!}::uuid`);
  await db.execute(sql`insert into user_skills (user_id, skill_id, position) select ${ids[1]!}::uuid, id, 0 from skills where slug = 'python'`);
  const started = performance.now();
  log(`  seeding ${JOB_BOARD_SIZE.toLocaleString('en')} jobs`);
  await seedBoard(db, ids[0]!, JOB_BOARD_SIZE);
  const seedSeconds = (performance.now() - started) / 1_000;
  const headers = { cookie: cookies[1]! };
  const path = `/api/jobs?q=${COMMON_WORD}`;
  const url = `${base}${path}`;
  const check = await app.inject({ method: 'GET', url: path, headers });
  const { jobs, total } = check.json() as { jobs?: Array<{ match: unknown }>; total?: number };
  if (jobs?.length !== 20 || !total || !jobs[0]!.match) throw new Error(`unexpected answer: ${check.body.slice(0, 200)}`);
  log(`  seeded in ${seedSeconds.toFixed(1)} s; "${COMMON_WORD}" matches ${total}`);

  // The fewest of three captures: a background job's statement can land inside one of them.
  let statements = await counter.capture(() => fetch(url, { headers }).then((r) => r.arrayBuffer()));
  for (let i = 0; i < 2; i++) {
    const again = await counter.capture(() => fetch(url, { headers }).then((r) => r.arrayBuffer()));
    if (again.length < statements.length) statements = again;
  }
  log(`  bare loop: ${statements.length} statements a request: ${statements.map((s) => s.query.replace(/\s+/g, ' ').slice(0, 50)).join(' | ')}`);
  const bare = replay(database, statements);
  await bare.run(WARMUP_SECONDS);
  trackRequests(app.server);
  await load(url, { connections: CONNECTIONS, seconds: WARMUP_SECONDS, headers, core: LOAD_CORE });
  await untilIdle(app.server);
  log(`  ${database.driver} GET ${path} against a bare loop of its SQL, interleaved`);
  const loops: number[] = [];
  const http: LoadResult[] = [];
  for (let r = 0; r < rounds; r++) {
    loops.push(await bare.run(ROUND_SECONDS));
    const res = await load(url, { connections: CONNECTIONS, seconds: ROUND_SECONDS, headers, core: LOAD_CORE });
    // Each round from an idle server: what autocannon left queued is answered first, unmeasured.
    await untilIdle(app.server);
    if (res.errors || res.non2xx) throw new Error(`${url}: ${res.errors} errors, ${res.non2xx} non-2xx answers`);
    http.push(res);
  }
  const ratio = pairedRatio(http.map((x) => x.rps), loops, log);
  const sqlPerRequest = await statementsPerRequest(counter, url, headers);
  return {
    rps: median(http.map((x) => x.rps)),
    p50: median(http.map((x) => x.p50)),
    p99: median(http.map((x) => x.p99)),
    rounds: http,
    sqlPerRequest,
    matches: total,
    seedSeconds,
    bareLoop: median(loops),
    ratio,
  };
}

/** One request's statements straight through the driver, in order, as many times as fit in the time. */
export function replay(database: Database, statements: CapturedSql[]) {
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  const once = async (s: CapturedSql) =>
    database.driver === 'pglite'
      ? (client as PGlite).query(s.query, s.params, { rowMode: 'array' })
      : (client as pg.Pool).query({ text: s.query, values: s.params, rowMode: 'array' });
  return {
    /** Requests' worth of SQL a second over `seconds`. */
    async run(seconds: number): Promise<number> {
      const startedAt = performance.now();
      const until = startedAt + seconds * 1_000;
      let done = 0;
      while (performance.now() < until) {
        for (const s of statements) await once(s);
        done++;
      }
      return done / ((performance.now() - startedAt) / 1_000);
    },
  };
}
