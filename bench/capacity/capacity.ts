import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, openSync, closeSync, readFileSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { openDatabase } from '#server/db/client';
import { freePort, startCluster } from '../../deploy/cluster/cluster';
import { nginxInstalled } from '../../deploy/cluster/nginx';
import { pinned, pinSelf } from '../load';
import { floors, GOALS, largestHeld, scaled, verdict, type StepFigures } from './model';
import { seedCapacity, type Fixture } from './seed';

type Add = (name: string, value: number, unit: string, goal: string, pass: boolean) => void;
type Log = (s: string) => void;

const flag = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
/** `--capacity-steps=100,250,...`: the ramp; `--capacity-hold=<s>` each step's length. */
const STEPS = (flag('capacity-steps') ?? '100,250,500,1000,2000,3000,4000').split(',').map(Number);
const HOLD_SECONDS = Number(flag('capacity-hold') ?? 60);
/** `--capacity-warmup=<s>`: the first step's members for this long, unjudged (JIT, caches, pools). */
const WARMUP_SECONDS = Number(flag('capacity-warmup') ?? 30);
/** `--capacity-scale=<fraction of national>`; PostgreSQL defaults to 1, PGlite to a tenth. */
const SCALE = flag('capacity-scale');
const LOAD_CORE = 1;
/** How often each app's RSS and live heap are read during a step (`floors`). */
const MEMORY_SAMPLE_MS = 5_000;
const membersScript = new URL('./members.ts', import.meta.url).pathname;

/**
 * CPU seconds (user + system) of process `pid` from /proc, 0 once it is gone. With `reaped`, its
 * exited children's too: a backend PostgreSQL ends during a step takes its CPU with it, and only
 * the postmaster's count of reaped children still holds it.
 */
function cpuSeconds(pid: number, reaped = false): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const own = Number(fields[11]) + Number(fields[12]);
    return (reaped ? own + Number(fields[13]) + Number(fields[14]) : own) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds of every process named `comm` (PostgreSQL's backends, Redis), ended children included: the machine's, not only ours. */
function cpuOfAll(comm: string): number {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === comm) total += cpuSeconds(Number(pid), true);
    } catch {
      // Gone between the listing and the read.
    }
  }
  return total;
}

const rssMb = (pid: number) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
  } catch {
    return NaN;
  }
};

/**
 * An app's used JS heap, MB, from its Prometheus metrics (prom-client's default
 * `nodejs_heap_size_used_bytes`): what an operator's dashboard shows, read without a flag that
 * production does not run with. NaN when the read fails.
 */
async function heapUsedMb(metricsUrl: string): Promise<number> {
  try {
    const text = await (await fetch(metricsUrl)).text();
    return Number(/^nodejs_heap_size_used_bytes (\S+)$/m.exec(text)![1]) / 1024 / 1024;
  } catch {
    return NaN;
  }
}

interface Target {
  name: string;
  base: string;
  apps: Array<{ pid: number; metricsUrl: string }>;
  /** Processes whose CPU counts as the database's: PGlite runs inside the app. */
  databaseCpu: () => number;
  redisCpu?: () => number;
}

/** What members.ts answers for one step. */
interface MembersStep {
  routes: Array<StepFigures['routes'][number] & { statuses: string[] }>;
  chat: StepFigures['chat'] & { p50: number };
  unconnected: number;
}

/** The simulated members in a child process on the load core (members.ts). */
async function startMembers(base: string, fixture: Fixture) {
  const [command, args] = pinned(LOAD_CORE, process.execPath, ['--import', 'tsx', membersScript]);
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  child.stdin!.write(`${JSON.stringify({ base, fixture })}\n`);
  return {
    pid: child.pid!,
    async step(members: number, seconds: number, preflight = false) {
      child.stdin!.write(`${JSON.stringify({ members, seconds, preflight })}\n`);
      const [line] = (await once(lines, 'line')) as [string];
      return JSON.parse(line) as MembersStep;
    },
    async stop() {
      child.stdin!.end('done\n');
      await once(child, 'exit');
    },
  };
}

const fmt = (ms: number) => (Number.isNaN(ms) ? '-' : `${Math.round(ms)}`);

/** The ramp on `target`: each step held HOLD_SECONDS, stopped at the first that breaks a goal. */
async function ramp(target: Target, fixture: Fixture, goal: number, add: Add, log: Log) {
  const members = await startMembers(target.base, fixture);
  const steps: Array<{ members: number; why: string[] }> = [];
  try {
    const warm = await members.step(STEPS[0]!, WARMUP_SECONDS, true);
    const refused = warm.routes.filter((x) => x.failures > 0);
    log(
      `  warm-up, ${STEPS[0]} members for ${WARMUP_SECONDS} s, every activity once first: ${warm.routes.length} routes, ${refused.length ? `FAILED ${refused.map((x) => `${x.route} (${x.statuses.join(' | ')})`).join('; ')}` : 'none failed'}`,
    );
    if (refused.length) throw new Error('the user model calls a route that fails: fix it before measuring');
    let previous: { members: number; rssHighest: number[] } | undefined;
    for (const count of STEPS) {
      const cpu0 = {
        app: target.apps.reduce((s, a) => s + cpuSeconds(a.pid), 0),
        db: target.databaseCpu(),
        redis: target.redisCpu?.() ?? 0,
        load: cpuSeconds(members.pid),
      };
      const rssSamples = target.apps.map(() => [] as number[]);
      const heapSamples = target.apps.map(() => [] as number[]);
      const sample = () =>
        target.apps.forEach((a, i) => {
          rssSamples[i]!.push(rssMb(a.pid));
          void heapUsedMb(a.metricsUrl).then((mb) => Number.isNaN(mb) || heapSamples[i]!.push(mb));
        });
      sample();
      const sampling = setInterval(sample, MEMORY_SAMPLE_MS);
      const r = await members.step(count, HOLD_SECONDS);
      clearInterval(sampling);
      sample();
      await new Promise((resolve) => setTimeout(resolve, 500));
      const heap = heapSamples.map(floors);
      const rss = rssSamples.map((xs, i) => ({
        ...floors(xs),
        highest: Math.max(...xs),
        ...(previous?.members === count ? { previousRound: previous.rssHighest[i] } : {}),
      }));
      previous = { members: count, rssHighest: rss.map((m) => m.highest) };
      const cpu = {
        app: target.apps.reduce((s, a) => s + cpuSeconds(a.pid), 0) - cpu0.app,
        db: target.databaseCpu() - cpu0.db,
        redis: (target.redisCpu?.() ?? 0) - cpu0.redis,
        load: cpuSeconds(members.pid) - cpu0.load,
      };
      const why = verdict({ members: count, seconds: HOLD_SECONDS, ...r, heap, rss });
      steps.push({ members: count, why });
      log(
        `  ${target.name}, ${count} members, ${HOLD_SECONDS} s: ${why.length ? `BROKE (${why.join('; ')})` : 'held'}`,
      );
      log(`    ${'route'.padEnd(52)} ${'count'.padStart(6)} ${'p50'.padStart(6)} ${'p99'.padStart(6)}  failed`);
      for (const x of [...r.routes].sort((a, b) => a.route.localeCompare(b.route))) {
        log(
          `    ${x.route.padEnd(52)} ${String(x.count).padStart(6)} ${fmt(x.p50).padStart(6)} ${fmt(x.p99).padStart(6)}  ${x.failures}${x.failures ? ` (${x.statuses.join(' | ')})` : ''}`,
        );
      }
      const pct = r.chat.sent ? (100 * r.chat.delivered) / r.chat.sent : 100;
      log(
        `    chat: ${r.chat.delivered}/${r.chat.sent} delivered (${pct.toFixed(1)} %), p50 ${fmt(r.chat.p50)} ms, p99 ${fmt(r.chat.p99)} ms; sockets not connected: ${r.unconnected}`,
      );
      log(
        `    live heap MB, floor early → late (highest): ${heap.map((m, i) => `app ${i + 1} ${fmt(m.start)} → ${fmt(m.end)} (${fmt(Math.max(...heapSamples[i]!))})`).join(', ')}`,
      );
      log(
        `    RSS MB, floor early → late (highest): ${rss.map((m, i) => `app ${i + 1} ${fmt(m.start)} → ${fmt(m.end)} (${fmt(m.highest)}${m.previousRound === undefined ? '' : `; last round ${fmt(m.previousRound)}`})`).join(', ')}`,
      );
      log(
        `    CPU s: app ${cpu.app.toFixed(1)}, database ${target.name.startsWith('PGlite') ? '(in the app)' : cpu.db.toFixed(1)}${target.redisCpu ? `, redis ${cpu.redis.toFixed(1)}` : ''}, load generator ${cpu.load.toFixed(1)} (of ${HOLD_SECONDS} s per core)`,
      );
      const worst = Math.max(...r.routes.map((x) => x.p99).filter((x) => !Number.isNaN(x)), 0);
      add(
        `${target.name} ${count} members: slowest route p99`,
        worst,
        'ms',
        `<= ${GOALS.routeP99Ms}`,
        worst <= GOALS.routeP99Ms,
      );
      add(`${target.name} ${count} members: chat delivered`, pct, '%', '= 100', pct === 100);
      add(
        `${target.name} ${count} members: chat p99`,
        r.chat.p99,
        'ms',
        `<= ${GOALS.chatP99Ms}`,
        !(r.chat.p99 > GOALS.chatP99Ms),
      );
      if (why.length) break;
    }
  } finally {
    await members.stop();
  }
  const held = largestHeld(steps);
  if (steps.every((s) => s.why.length === 0))
    log(`  no step broke a goal: ${held} is a floor, not the capacity; ramp further with --capacity-steps`);
  add(`${target.name}: concurrent members held`, held, 'members', `>= ${goal}`, held >= goal);
}

/** Readiness of a node started as `npm start` does. */
async function untilReady(base: string, child: ChildProcess, ms = 120_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}`);
    const res = await fetch(`${base}/api/health/ready`).catch(() => undefined);
    if (res?.status === 200) return;
    if (Date.now() > deadline) throw new Error(`the app was not ready after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * One process on PGlite, as `npm start` runs it: `node dist/server/main.js` on a DATA_DIR seeded
 * first (a tenth of the national scale), request logs at the default level written to a file,
 * on core 0 (this process's core, which it inherits), the members on core 1.
 */
export async function capacityPglite(tmp: string, add: Add, log: Log) {
  const scale = scaled(SCALE === undefined ? 0.1 : Number(SCALE) / 10);
  const active = Math.max(...STEPS);
  log(`\n== Capacity, one process on PGlite (${scale.members.toLocaleString('en')} members seeded)`);
  spawnSync(process.execPath, ['scripts/ensure-build.mjs'], { stdio: 'inherit' });
  const dataDir = join(tmp, 'capacity-pglite');
  mkdirSync(dataDir, { recursive: true });
  const database = await openDatabase({ dataDir: join(dataDir, 'pglite') });
  let fixture: Fixture;
  try {
    await database.migrate();
    log('  seeding');
    fixture = await seedCapacity(database.db, scale, active, log);
  } finally {
    await database.close();
  }
  const [port, metricsPort] = [await freePort(), await freePort()];
  const base = `http://127.0.0.1:${port}`;
  const logFile = join(tmp, 'capacity-pglite.log');
  const fd = openSync(logFile, 'w');
  const app = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: base,
      METRICS_PORT: String(metricsPort),
    },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  try {
    await untilReady(base, app);
    log(`  app ready (request logs: ${logFile})`);
    await ramp(
      {
        name: 'PGlite',
        base,
        apps: [{ pid: app.pid!, metricsUrl: `http://127.0.0.1:${metricsPort}/metrics` }],
        databaseCpu: () => 0,
      },
      fixture,
      500,
      add,
      log,
    );
  } finally {
    app.kill('SIGTERM');
    await once(app, 'exit');
  }
}

/**
 * Two app processes and a worker on PostgreSQL and Redis behind nginx (deploy/cluster), the
 * database seeded at the national scale before the nodes start; the cluster on every core as
 * in production, the members on core 1.
 */
export async function capacityPostgres(
  tmp: string,
  opts: { postgresUrl: string; redisUrl: string },
  add: Add,
  log: Log,
) {
  const scale = scaled(SCALE === undefined ? 1 : Number(SCALE));
  const active = Math.max(...STEPS);
  log(
    `\n== Capacity, two app processes and a worker on PostgreSQL and Redis (${scale.members.toLocaleString('en')} members seeded)`,
  );
  if (!nginxInstalled) {
    log('  nginx is not installed (apt-get install nginx-light): skipped');
    add('PostgreSQL: concurrent members held', NaN, '', 'run', false);
    return;
  }
  spawnSync(process.execPath, ['scripts/ensure-build.mjs'], { stdio: 'inherit' });
  pinSelf(`0-${availableParallelism() - 1}`);
  let fixture: Fixture | undefined;
  const logDir = join(tmp, 'capacity-cluster-logs');
  mkdirSync(logDir, { recursive: true });
  try {
    const cluster = await startCluster({
      apps: 2,
      metrics: [true, true],
      postgresUrl: opts.postgresUrl,
      redisUrl: opts.redisUrl,
      logLevel: 'info',
      logDir,
      async prepare(url) {
        const database = await openDatabase({ url });
        try {
          await database.migrate();
          log('  seeding');
          fixture = await seedCapacity(database.db, scale, active, log);
        } finally {
          await database.close();
        }
      },
    });
    try {
      log(`  cluster ready (request logs: ${logDir})`);
      await ramp(
        {
          name: 'PostgreSQL, 2 apps',
          base: cluster.url,
          apps: cluster.apps.map((a) => ({ pid: a.child.pid!, metricsUrl: a.metricsUrl! })),
          databaseCpu: () => cpuOfAll('postgres'),
          redisCpu: () => cpuOfAll('redis-server'),
        },
        fixture!,
        2_000,
        add,
        log,
      );
    } finally {
      await cluster.stop();
    }
  } finally {
    pinSelf(0);
  }
}

/** `--only=capacity` runs both set-ups, `capacity-pglite` or `capacity-postgres` one of them. */
export async function capacityBench(
  tmp: string,
  only: string,
  opts: { postgresUrl: string; redisUrl: string },
  add: Add,
  log: Log,
) {
  if (only !== 'capacity-postgres') await capacityPglite(tmp, add, log);
  if (only !== 'capacity-pglite') await capacityPostgres(tmp, opts, add, log);
}
