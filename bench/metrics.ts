import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pinned } from './load';
import { interleaved } from './measure';

type Add = (name: string, value: number, unit: string, goal: string, pass: boolean) => void;

/** An app process on the server's core, with these settings; answers its /api/health URL. */
async function startApp(settings: Record<string, string>, children: ChildProcess[]): Promise<string> {
  const [command, args] = pinned(0, process.execPath, [
    '--import',
    'tsx',
    'bench/metrics-app.ts',
    JSON.stringify(settings),
  ]);
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  children.push(child);
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  return `http://127.0.0.1:${(JSON.parse(line) as { port: number }).port}/api/health`;
}

/**
 * What metrics cost (issue 28): GET /api/health on two app processes that differ only in
 * METRICS_PORT, loaded in turn (interleaved rounds, so drift hits both alike). Processes of their
 * own, because prom-client's default metrics (event-loop lag, GC) watch the whole process. The
 * ratio of their throughputs is the price of the request histogram and the collectors; the goal
 * is at most 5 %.
 */
export async function metricsBench(tmp: string, rounds: number, add: Add, log: (s: string) => void) {
  const children: ChildProcess[] = [];
  try {
    const without = await startApp({ DATA_DIR: join(tmp, 'metrics-without') }, children);
    const withMetrics = await startApp({ DATA_DIR: join(tmp, 'metrics-with'), METRICS_PORT: '0' }, children);
    log('  GET /api/health without metrics and with METRICS_PORT set, two processes, interleaved');
    const [plain, measured] = await interleaved([{ url: without }, { url: withMetrics }], rounds);
    const ratio = measured!.rps / plain!.rps;
    add('GET /api/health req/s without metrics', plain!.rps, 'req/s', 'reference', true);
    add('GET /api/health req/s with metrics', measured!.rps, 'req/s', 'report', true);
    add('GET /api/health p99 without metrics', plain!.p99, 'ms', 'report', true);
    add('GET /api/health p99 with metrics', measured!.p99, 'ms', 'report', true);
    add('GET /api/health with metrics / without', ratio, 'x', '>= 0.95', ratio >= 0.95);
  } finally {
    for (const child of children) {
      child.stdin!.end();
      if (child.exitCode === null) await once(child, 'exit');
    }
  }
}
