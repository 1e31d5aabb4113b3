import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Database } from '#server/db/client';
import { pairedRatio } from './auth-path';
import { load, median, trackRequests, untilIdle, type LoadResult } from './load';
import { CONNECTIONS, ROUND_SECONDS, statementsPerRequest, type RouteFigures } from './measure';
import type { CapturedSql, SqlCounter } from './sql-counter';

const WARMUP_SECONDS = 3;
const LOAD_CORE = 1;

export interface BareLoopFigures extends RouteFigures {
  sqlPerRequest: number;
  /** Statements a second of the request's own SQL replayed one after another (no HTTP, no framework). */
  bareLoop: number;
  /** The request's rate over the bare loop's, the median of the rounds' own ratios. */
  ratio: number;
}

/**
 * GET `url` against a bare loop of its SQL (the job board's and the talent lists' bar): the
 * statements one request sends, captured with their parameters and replayed through the same
 * driver on the same database in this process, one request's worth after another. Rounds
 * alternate the loop and the HTTP load, so drift on a shared machine hits both alike; each HTTP
 * round starts from an idle server.
 */
export async function againstBareLoop(
  app: FastifyInstance,
  database: Database,
  counter: SqlCounter,
  url: string,
  headers: Record<string, string>,
  rounds: number,
  log: (s: string) => void,
): Promise<BareLoopFigures> {
  // The fewest of three captures: a background job's statement can land inside one of them.
  let statements = await counter.capture(() => fetch(url, { headers }).then((r) => r.arrayBuffer()));
  for (let i = 0; i < 2; i++) {
    const again = await counter.capture(() => fetch(url, { headers }).then((r) => r.arrayBuffer()));
    if (again.length < statements.length) statements = again;
  }
  log(
    `  bare loop: ${statements.length} statements a request: ${statements.map((s) => s.query.replace(/\s+/g, ' ').slice(0, 50)).join(' | ')}`,
  );
  const bare = replay(database, statements);
  await bare.run(WARMUP_SECONDS);
  trackRequests(app.server);
  await load(url, { connections: CONNECTIONS, seconds: WARMUP_SECONDS, headers, core: LOAD_CORE });
  await untilIdle(app.server);
  log(`  ${database.driver} ${url} against a bare loop of its SQL, interleaved`);
  const loops: number[] = [];
  const http: LoadResult[] = [];
  for (let r = 0; r < rounds; r++) {
    loops.push(await bare.run(ROUND_SECONDS));
    const res = await load(url, { connections: CONNECTIONS, seconds: ROUND_SECONDS, headers, core: LOAD_CORE });
    // What autocannon left queued is answered first, unmeasured (on PGlite it takes seconds).
    await untilIdle(app.server);
    if (res.errors || res.non2xx) throw new Error(`${url}: ${res.errors} errors, ${res.non2xx} non-2xx answers`);
    http.push(res);
  }
  const ratio = pairedRatio(
    http.map((x) => x.rps),
    loops,
    log,
  );
  return {
    rps: median(http.map((x) => x.rps)),
    p50: median(http.map((x) => x.p50)),
    p99: median(http.map((x) => x.p99)),
    rounds: http,
    sqlPerRequest: await statementsPerRequest(counter, url, headers),
    bareLoop: median(loops),
    ratio,
  };
}

/** One request's statements straight through the driver, in order, as many times as fit in the time. */
function replay(database: Database, statements: CapturedSql[]) {
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
