import type { PGlite } from '@electric-sql/pglite';
import { Placeholder } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type pg from 'pg';
import { buildApp } from '#server/app';
import type { Database } from '#server/db/client';
import { loadConfig } from '#server/env';
import { liveSessionQuery } from '#server/features/auth/auth.repo';
import { createLogs } from '#server/lib/logger';
import { hashToken } from '#server/lib/tokens';
import { CONNECTIONS, ROUND_SECONDS, interleaved, statementsPerRequest } from './measure';
import { load, median } from './load';
import { startRawServer } from './raw-server';
import { seedMembers } from './seed';
import type { SqlCounter } from './sql-counter';

const ROUNDS = 5;
const WARMUP_SECONDS = 3;
const LOAD_CORE = 1;

type Add = (name: string, value: number, unit: string, goal: string, pass: boolean) => void;

export interface AuthPathOptions {
  tmp: string;
  counter: SqlCounter;
  add: Add;
  log: (s: string) => void;
  /** /api/health against raw node:http too (it touches no database: once is enough). */
  health: boolean;
}

/**
 * The signed-in path as `npm start` runs it: request logs at info (written to a file here, as
 * they would be to a pipe or a journal). GET /api/user against a bare loop running the session
 * lookup's own SQL on the same database and driver, in this process (the server's core): the
 * plain loop (one statement after another, issue 10's yardstick) and, for PostgreSQL where
 * connections work in parallel, the same with as many in flight as the load has connections.
 * And /api/health against raw node:http.
 */
export async function authPathBench(database: Database, o: AuthPathOptions): Promise<void> {
  const driver = database.driver === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const logFile = join(o.tmp, `requests-${database.driver}.log`);
  const config = { ...loadConfig({ LOG_LEVEL: 'info', DATA_DIR: o.tmp }), clientDir: undefined };
  const logs = createLogs({ level: 'info', destination: logFile });
  const app = await buildApp({ config, database, logger: logs.logger });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    if (o.health) {
      const healthUrl = `${base}/api/health`;
      const raw = await startRawServer(await (await fetch(healthUrl)).text());
      o.log(`  GET /api/health with request logs on (to ${logFile}) against raw node:http, interleaved`);
      const [rawFig, health] = await interleaved([{ url: raw.url }, { url: healthUrl }], ROUNDS);
      await raw.close();
      const ratio = pairedRatio(
        health!.rounds.map((r) => r.rps),
        rawFig!.rounds.map((r) => r.rps),
        o.log,
      );
      o.add('raw node:http req/s (logs-on pair)', rawFig!.rps, 'req/s', 'reference', true);
      o.add('GET /api/health req/s, request logs on', health!.rps, 'req/s', 'report', true);
      o.add('GET /api/health / raw node:http, request logs on', ratio, 'x', '>= 0.50', ratio >= 0.5);
    }

    const { cookies } = await seedMembers(database.db, 1, `bench-auth-${database.driver}-`);
    const headers = { cookie: cookies[0]! };
    const userUrl = `${base}/api/user`;
    const check = await fetch(userUrl, { headers });
    if (check.status !== 200) throw new Error(`GET /api/user answered ${check.status}`);
    const bare = bareLoop(database, hashToken(cookies[0]!.slice('sid='.length)));
    if ((await bare.once()) !== 1) throw new Error('the bare loop found no session');

    o.log(`  ${driver} GET /api/user (request logs on) against a bare loop of its SQL, interleaved`);
    await bare.run(WARMUP_SECONDS, 1);
    await load(userUrl, { connections: CONNECTIONS, seconds: WARMUP_SECONDS, headers, core: LOAD_CORE });
    const loops: number[] = [];
    const wide: number[] = [];
    const https: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      loops.push(await bare.run(ROUND_SECONDS, 1));
      wide.push(await bare.run(ROUND_SECONDS, CONNECTIONS));
      const res = await load(userUrl, { connections: CONNECTIONS, seconds: ROUND_SECONDS, headers, core: LOAD_CORE });
      if (res.errors || res.non2xx) throw new Error(`${userUrl}: ${res.errors} errors, ${res.non2xx} non-2xx answers`);
      https.push(res.rps);
    }
    o.add(`${driver} bare loop of the session lookup`, median(loops), 'stmts/s', 'reference', true);
    o.add(`${driver} same, ${CONNECTIONS} in flight`, median(wide), 'stmts/s', 'reference', true);
    o.add(`${driver} GET /api/user req/s, request logs on`, median(https), 'req/s', 'report', true);
    const ratio = pairedRatio(https, loops, o.log);
    o.add(`${driver} GET /api/user / bare loop`, ratio, 'x', '>= 0.55', ratio >= 0.55);
    const wideRatio = pairedRatio(https, wide, o.log);
    o.add(`${driver} GET /api/user / bare loop ${CONNECTIONS} in flight`, wideRatio, 'x', 'report', true);
    const sql = await statementsPerRequest(o.counter, userUrl, headers);
    o.add(`${driver} GET /api/user SQL/request`, sql, 'stmts', '= 1', sql === 1);
  } finally {
    await app.close();
    await logs.close();
  }
}

/**
 * The median of the rounds' own ratios, each round's target over the reference measured just
 * before it: on a shared machine the load of others drifts between rounds, and a ratio taken
 * within one round cancels most of it. The rounds are logged, to judge the noise.
 */
export function pairedRatio(target: number[], reference: number[], log: (s: string) => void): number {
  const ratios = target.map((t, i) => t / reference[i]!);
  log(
    `    rounds (target/reference): ${ratios.map((r, i) => `${Math.round(target[i]!)}/${Math.round(reference[i]!)}=${r.toFixed(2)}`).join(', ')}`,
  );
  return median(ratios);
}

/** The session lookup's SQL straight through the driver, no framework and no mapping. */
function bareLoop(database: Database, idHash: string) {
  const query = liveSessionQuery(database.db).toSQL();
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  const values = () => {
    const named: Record<string, unknown> = { idHash, now: new Date().toISOString() };
    return query.params.map((p) => (p instanceof Placeholder ? named[p.name] : p));
  };
  const once = async (): Promise<number> =>
    database.driver === 'pglite'
      ? (await (client as PGlite).query(query.sql, values(), { rowMode: 'array' })).rows.length
      : (
          await (client as pg.Pool).query({
            name: 'bench_live_session',
            text: query.sql,
            values: values(),
            rowMode: 'array',
          })
        ).rows.length;
  return {
    once,
    /** Statements a second over `seconds`, `width` at a time (1: a plain loop, one after another). */
    async run(seconds: number, width: number): Promise<number> {
      const until = performance.now() + seconds * 1_000;
      let done = 0;
      const worker = async () => {
        while (performance.now() < until) {
          await once();
          done++;
        }
      };
      const started = performance.now();
      await Promise.all(Array.from({ length: width }, worker));
      return done / ((performance.now() - started) / 1_000);
    },
  };
}
