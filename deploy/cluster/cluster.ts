import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Redis } from 'ioredis';
import { startFakeS3 } from '#server/test/fake-s3';
import { startSmtpSink } from '#server/test/smtp-sink';
import { createEmptyDatabase } from '#server/test/test-db';
import { startNginx, type RunningNginx } from './nginx';

/** A port free right now on loopback. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as AddressInfo;
  await new Promise((done) => probe.close(done));
  return port;
}

export interface ClusterProcess {
  name: string;
  child: ChildProcess;
  /** Its address when it serves HTTP (app nodes). */
  url?: string;
  /** GET /metrics of an app node started with `metrics` on. */
  metricsUrl?: string;
  output(): string;
}

export interface Cluster {
  /** nginx: the address members use, and APP_URL of every process. */
  url: string;
  nginx: RunningNginx;
  apps: ClusterProcess[];
  worker: ClusterProcess;
  smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  databaseUrl: string;
  /** The settings every process was given (for a setup platform of the test's own). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * The production layout of README "Deploy" on loopback: `apps` app processes and one worker,
 * all built JS (`node dist/server/*.js`, as `npm start` and `npm run worker` run them), on a fresh
 * PostgreSQL database, Redis, an S3-compatible bucket and a local mail server, behind
 * deploy/nginx.conf. Every process starts at once on the empty database: the migration lock
 * (decision 067) is what lets them all come up.
 */
export async function startCluster(opts: {
  apps: number;
  postgresUrl: string;
  redisUrl: string;
  /** Which app nodes serve Prometheus metrics on a port of their own (the bench's cost of metrics). */
  metrics?: boolean[];
  logLevel?: string;
  /** Each process's output goes to `<logDir>/<name>.log` instead of memory (hours of request logs). */
  logDir?: string;
  /**
   * Runs on the fresh database before any process starts (the capacity bench migrates and seeds
   * it there, so that the nodes start on a full database as they would in production).
   */
  prepare?: (databaseUrl: string) => Promise<void>;
}): Promise<Cluster> {
  const dir = mkdtempSync(join(tmpdir(), 'blet-cluster-'));
  const database = await createEmptyDatabase(opts.postgresUrl);
  if (opts.prepare) {
    try {
      await opts.prepare(database.url);
    } catch (err) {
      await database.drop();
      throw err;
    }
  }
  const redis = new Redis(opts.redisUrl);
  // Only this cluster's keys: the rate limits and room ledger of an earlier run would count here.
  await redis.flushdb();
  redis.disconnect();
  const [s3, smtp] = [await startFakeS3(), await startSmtpSink()];
  const nginxPort = await freePort();
  const url = `http://127.0.0.1:${nginxPort}`;
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    PAYMENT_GATEWAY: 'test',
    APP_URL: url,
    DATABASE_URL: database.url,
    REDIS_URL: opts.redisUrl,
    SMTP_URL: smtp.url,
    TRUST_PROXY: '1',
    LOG_LEVEL: opts.logLevel ?? 'warn',
    ...s3.env,
  };
  const spawned: ClusterProcess[] = [];
  const start = async (name: string, script: string, extra: Record<string, string>) => {
    let output = '';
    const file = opts.logDir ? join(opts.logDir, `${name}.log`) : undefined;
    const fd = file ? openSync(file, 'w') : undefined;
    const child = spawn(process.execPath, ['--enable-source-maps', resolve('dist/server', script)], {
      env: { PATH: process.env.PATH, ...env, DATA_DIR: join(dir, name), ...extra },
      stdio: ['ignore', fd ?? 'pipe', fd ?? 'pipe'],
    });
    if (fd !== undefined) closeSync(fd);
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    const proc: ClusterProcess = {
      name,
      child,
      output: () => (file ? readFileSync(file, 'utf8').slice(-20_000) : output),
    };
    spawned.push(proc);
    return proc;
  };
  const apps: ClusterProcess[] = [];
  for (let i = 1; i <= opts.apps; i++) {
    const [port, metricsPort] = [await freePort(), await freePort()];
    const app = await start(`app${i}`, 'main.js', {
      HOST: '127.0.0.1',
      PORT: String(port),
      JOBS_WORKER: 'false',
      ...(opts.metrics?.[i - 1] ? { METRICS_PORT: String(metricsPort) } : {}),
    });
    app.url = `http://127.0.0.1:${port}`;
    if (opts.metrics?.[i - 1]) app.metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    apps.push(app);
  }
  const worker = await start('worker', 'worker.js', {});
  const stopAll = async () => {
    for (const p of spawned) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    await Promise.all(
      spawned.map((p) =>
        p.child.exitCode === null && p.child.signalCode === null ? new Promise((r) => p.child.once('exit', r)) : null,
      ),
    );
    await Promise.all([s3.close(), smtp.close()]);
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await Promise.all(apps.map((app) => untilReady(app)));
    const nginx = await startNginx({
      port: nginxPort,
      nodes: apps.map((a) => a.url!.replace('http://', '')),
      dir: join(dir, 'nginx'),
      clientDir: 'dist/client',
    });
    return {
      url,
      nginx,
      apps,
      worker,
      smtp,
      databaseUrl: database.url,
      env,
      async stop() {
        await nginx.stop();
        await stopAll();
      },
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

/** Waits until the node's readiness answers 200: its database, Redis, bucket and queue all answer. */
async function untilReady(app: ClusterProcess, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (app.child.exitCode !== null) throw new Error(`${app.name} exited with ${app.child.exitCode}:\n${app.output()}`);
    const res = await fetch(`${app.url!}/api/health/ready`).catch(() => undefined);
    if (res?.status === 200) return;
    if (Date.now() > deadline) throw new Error(`${app.name} not ready after ${ms} ms:\n${app.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
