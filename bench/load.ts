import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

/** Whether `taskset` can pin processes to cores here (Linux with util-linux). */
export const canPin = spawnSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' }).status === 0;

/** Pins this process (server side) to one core, so that load and server never share one. */
export function pinSelf(core: number): boolean {
  return canPin && spawnSync('taskset', ['-cp', String(core), String(process.pid)], { stdio: 'ignore' }).status === 0;
}

/** A command line, pinned to `core` when taskset exists. */
export function pinned(core: number, command: string, args: string[]): [string, string[]] {
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
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, requests: r.requests.total, errors: r.errors, non2xx: r.non2xx };
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
