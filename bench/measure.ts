import type { FastifyInstance } from 'fastify';
import type { Db } from '#server/db/client';
import { load, median, type LoadResult } from './load';
import { seedInbox, seedMembers, seedOthers, settle } from './seed';
import type { SqlCounter } from './sql-counter';

export const CONNECTIONS = 20;
export const ROUND_SECONDS = 5;
const WARMUP_SECONDS = 3;
const LOAD_CORE = 1;

export interface RouteFigures {
  rps: number;
  p50: number;
  p99: number;
  rounds: LoadResult[];
}

const run = (url: string, seconds: number, headers?: Record<string, string>) =>
  load(url, { connections: CONNECTIONS, seconds, headers, core: LOAD_CORE });

/** Warm-up, then `rounds` runs of each target in turn (so drift hits all alike); medians. */
export async function interleaved(
  targets: Array<{ url: string; headers?: Record<string, string> }>,
  rounds: number,
): Promise<RouteFigures[]> {
  for (const t of targets) await run(t.url, WARMUP_SECONDS, t.headers);
  const results = targets.map(() => [] as LoadResult[]);
  for (let r = 0; r < rounds; r++) {
    for (const [i, t] of targets.entries()) {
      const res = await run(t.url, ROUND_SECONDS, t.headers);
      if (res.errors || res.non2xx) throw new Error(`${t.url}: ${res.errors} errors, ${res.non2xx} non-2xx answers`);
      results[i]!.push(res);
    }
  }
  return results.map((rs) => ({
    rps: median(rs.map((x) => x.rps)),
    p50: median(rs.map((x) => x.p50)),
    p99: median(rs.map((x) => x.p99)),
    rounds: rs,
  }));
}

/**
 * SQL statements per request: the median over `n` sequential requests after the load. A median,
 * because a background job's statement (the queue's upkeep) can land inside any one request.
 */
export async function statementsPerRequest(
  counter: SqlCounter,
  url: string,
  headers: Record<string, string> = {},
  n = 50,
) {
  // Requests the load left in flight would otherwise log their last statements into this count.
  await new Promise((r) => setTimeout(r, 1_000));
  const counts: number[] = [];
  for (let i = 0; i < n; i++) {
    counter.reset();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    counts.push(counter.count);
  }
  return median(counts);
}

export interface NotificationFigures {
  small: RouteFigures;
  big: RouteFigures;
  sqlPerRequest: number;
  seedSeconds: number;
}

/**
 * GET /api/notifications for one member: first with 1,000 rows in the table (all theirs),
 * then with 10,000 of theirs among 1,000,000, seeded in bulk.
 */
export async function notificationsFigures(
  app: FastifyInstance,
  db: Db,
  base: string,
  counter: SqlCounter,
  rounds: number,
  log: (s: string) => void,
): Promise<NotificationFigures> {
  const { ids, cookies } = await seedMembers(db, 1, 'bench-reader-');
  const userId = ids[0]!;
  const headers = { cookie: cookies[0]! };
  const url = `${base}/api/notifications?limit=20&offset=0`;
  await seedInbox(db, userId, 1, 1_000);
  await settle(db);
  const check = await app.inject({ method: 'GET', url: '/api/notifications', headers });
  if (check.json().notifications?.length !== 20) throw new Error(`unexpected answer: ${check.body.slice(0, 200)}`);

  log('  1,000 rows: loading');
  const [small] = await interleaved([{ url, headers }], rounds);
  const started = performance.now();
  log('  seeding 1,000,000 rows');
  await seedInbox(db, userId, 1_001, 10_000);
  await seedOthers(db, 990, 1_000);
  await settle(db);
  const seedSeconds = (performance.now() - started) / 1_000;
  log(`  seeded in ${seedSeconds.toFixed(1)} s; loading`);
  const [big] = await interleaved([{ url, headers }], rounds);
  const sqlPerRequest = await statementsPerRequest(counter, url, headers);
  return { small: small!, big: big!, sqlPerRequest, seedSeconds };
}
