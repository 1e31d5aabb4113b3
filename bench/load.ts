import { spawn, spawnSync } from 'node:child_process';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';

/** Whether `taskset` can pin processes to cores here (Linux with util-linux). */
export const canPin = spawnSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' }).status === 0;

/** Pins this process (server side) to one core, so that load and server never share one; or to a list (`0-1`). */
export function pinSelf(core: number | string): boolean {
  return canPin && spawnSync('taskset', ['-cp', String(core), String(process.pid)], { stdio: 'ignore' }).status === 0;
}

/** A command line, pinned to `core` when taskset exists. */
export function pinned(core: number | string, command: string, args: string[]): [string, string[]] {
  return canPin ? ['taskset', ['-c', String(core), command, ...args]] : [command, args];
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  /** The core the load generator runs on. */
  core: number;
}

const autocannonCli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

/** One autocannon run in its own process, so the load never takes the server's CPU time. */
export async function load(url: string, opts: LoadOptions): Promise<LoadResult> {
  const args = [autocannonCli, '-j', '-n', '-c', String(opts.connections), '-d', String(opts.seconds)];
  for (const [k, v] of Object.entries(opts.headers ?? {})) args.push('-H', `${k}=${v}`);
  args.push(url);
  const [command, argv] = pinned(opts.core, process.execPath, args);
  const child = spawn(command, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c));
  child.stderr.on('data', (c: Buffer) => (err += c));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`autocannon exited ${code}: ${err}`);
  const r = JSON.parse(out.trim().split('\n').pop()!) as {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    errors: number;
    non2xx: number;
  };
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    errors: r.errors,
    non2xx: r.non2xx,
  };
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

const inFlight = new WeakMap<Server, { n: number }>();

/**
 * Counts the requests `server` is still answering, for `untilIdle`. Call once, before the load.
 * autocannon stops at the end of a round with up to a connection's request each still queued in
 * the server; on PGlite, which runs one statement at a time, they take seconds to drain, and
 * without a wait they land in the next round (its first answers queue behind them, and a bare
 * loop measured next shares the database with them).
 */
export function trackRequests(server: Server): void {
  if (inFlight.has(server)) return;
  const count = { n: 0 };
  inFlight.set(server, count);
  server.on('request', (_req, res) => {
    count.n++;
    res.once('close', () => count.n--);
  });
}

/** Resolves once every request `trackRequests` saw has been answered. */
export async function untilIdle(server: Server): Promise<void> {
  const count = inFlight.get(server);
  if (!count) throw new Error('untilIdle() needs trackRequests() first');
  while (count.n > 0) await new Promise((r) => setTimeout(r, 20));
}
