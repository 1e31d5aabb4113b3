import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { startCluster, freePort, type ClusterProcess } from '../deploy/cluster/cluster';
import { nginxInstalled, startNginx } from '../deploy/cluster/nginx';
import { load, median, pinSelf } from './load';
import { CONNECTIONS, ROUND_SECONDS } from './measure';

type Add = (name: string, value: number, unit: string, goal: string, pass: boolean) => void;

const LOAD_CORE = 1;
const WARMUP_SECONDS = 3;

const rssMb = (p: ClusterProcess) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p.child.pid!}/status`, 'utf8'))![1]) / 1024;

/**
 * Issue 28, item 8: the cluster of README "Deploy" (deploy/cluster/cluster.ts: built JS, nginx
 * with deploy/nginx.conf, PostgreSQL, Redis), loaded through nginx with one app node behind it
 * and with two, round after round on the same machine (a second nginx on the same file with the
 * second node marked down). Everything shares this machine's two cores: nginx, both nodes,
 * PostgreSQL, Redis and the load generator, so two nodes cannot double the figure; the ratio is
 * what a second node buys here. Then the cost of metrics: node A has METRICS_PORT, node B not,
 * each loaded directly in turn (the ratio of the two, as bench/metrics.ts within one process).
 */
export async function clusterBench(
  tmp: string,
  opts: { postgresUrl: string; redisUrl: string; rounds: number },
  add: Add,
  log: (s: string) => void,
) {
  if (!nginxInstalled) {
    log('  nginx is not installed (apt-get install nginx-light): skipped');
    return;
  }
  // The cluster runs the built JS, as `npm start` does: built first when missing or stale.
  spawnSync(process.execPath, ['scripts/ensure-build.mjs'], { stdio: 'inherit' });
  // The processes started below inherit this process's core: the cluster gets every core, as in
  // production; only the load generator stays on its own.
  pinSelf(`0-${availableParallelism() - 1}`);
  const cluster = await startCluster({
    apps: 2,
    postgresUrl: opts.postgresUrl,
    redisUrl: opts.redisUrl,
    metrics: [true, false],
  });
  const oneNode = await startNginx({
    port: await freePort(),
    nodes: [cluster.apps[0]!.url!.replace('http://', '')],
    dir: join(tmp, 'nginx-one'),
    clientDir: 'dist/client',
  });
  try {
    const rest = cluster.apps.map(rssMb);
    log(`  app node RSS after start: ${rest.map((r) => r.toFixed(0)).join(' / ')} MB`);
    add('cluster app node RSS after start', Math.max(...rest), 'MB', 'report', true);
    const run = (url: string, seconds = ROUND_SECONDS) =>
      load(url, { connections: CONNECTIONS, seconds, core: LOAD_CORE });
    for (const path of ['/api/courses', '/api/health/live']) {
      const one = `${oneNode.url}${path}`;
      const two = `${cluster.url}${path}`;
      await run(one, WARMUP_SECONDS);
      await run(two, WARMUP_SECONDS);
      const rps = { one: [] as number[], two: [] as number[], ratio: [] as number[] };
      let failed = 0;
      for (let r = 0; r < opts.rounds; r++) {
        const [a, b] = [await run(one), await run(two)];
        failed += a.errors + a.non2xx + b.errors + b.non2xx;
        rps.one.push(a.rps);
        rps.two.push(b.rps);
        rps.ratio.push(b.rps / a.rps);
        log(`  ${path} round ${r + 1}: ${Math.round(a.rps)} req/s on one node, ${Math.round(b.rps)} on two`);
      }
      add(`GET ${path} through nginx, errors and non-2xx`, failed, 'answers', '= 0', failed === 0);
      add(`GET ${path} through nginx, one app node`, median(rps.one), 'req/s', 'reference', true);
      add(`GET ${path} through nginx, two app nodes`, median(rps.two), 'req/s', 'report', true);
      add(`GET ${path} two nodes / one (same 2 cores)`, median(rps.ratio), 'x', 'report', true);
    }
    // Metrics: node A (metrics) against node B (none), directly, interleaved. The goal is issue
    // 28's, on /api/health; /api/health/live, a route that does nothing else, shows the fixed cost
    // of observing a request at its largest.
    for (const [path, goal] of [
      ['/api/health', 0.95],
      ['/api/health/live', undefined],
    ] as const) {
      const [measured, plain] = cluster.apps.map((a) => `${a.url!}${path}`) as [string, string];
      const ratio: number[] = [];
      for (let r = 0; r < opts.rounds; r++) {
        // Each order in turn: whichever runs second meets a warmer, busier machine.
        const [first, second] = r % 2 === 0 ? [plain, measured] : [measured, plain];
        const answers = new Map([
          [first, await run(first)],
          [second, await run(second)],
        ]);
        const [p, m] = [answers.get(plain)!, answers.get(measured)!];
        ratio.push(m.rps / p.rps);
        log(`  ${path} metrics round ${r + 1}: ${Math.round(p.rps)} req/s without, ${Math.round(m.rps)} with`);
      }
      const value = median(ratio);
      add(
        `cluster node GET ${path} with metrics / without`,
        value,
        'x',
        goal ? `>= ${goal}` : 'report',
        goal ? value >= goal : true,
      );
    }
    const loaded = cluster.apps.map(rssMb);
    log(`  app node RSS after the load: ${loaded.map((r) => r.toFixed(0)).join(' / ')} MB`);
    add('cluster app node RSS after the load', Math.max(...loaded), 'MB', 'report', true);
  } finally {
    await oneNode.stop();
    await cluster.stop();
    pinSelf(0);
  }
}
