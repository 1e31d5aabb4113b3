import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import { load, median, pinned } from './load';
import { CONNECTIONS, ROUND_SECONDS } from './measure';

type Add = (name: string, value: number, unit: string, goal: string, pass: boolean) => void;

const WARMUP_SECONDS = 3;
const LOAD_CORE = 1;

interface AppProcess {
  child: ChildProcess;
  url: string;
  /** The process's CPU time so far, in µs. */
  cpu(): Promise<number>;
}

/** An app process on the server's core, with these settings. */
async function startApp(settings: Record<string, string>, children: ChildProcess[]): Promise<AppProcess> {
  const [command, args] = pinned(0, process.execPath, [
    '--import',
    'tsx',
    'bench/metrics-app.ts',
    JSON.stringify(settings),
  ]);
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  children.push(child);
  const lines: Interface = createInterface({ input: child.stdout! });
  const next = async () => JSON.parse(((await once(lines, 'line')) as [string])[0]) as Record<string, number>;
  const { port } = await next();
  return {
    child,
    url: `http://127.0.0.1:${port}/api/health`,
    async cpu() {
      const answer = next();
      child.stdin!.write('cpu\n');
      return (await answer).cpuMicros!;
    },
  };
}

/**
 * What metrics cost (issue 28): GET /api/health on two app processes that differ only in
 * METRICS_PORT, loaded in turn, round after round. Processes of their own, because prom-client's
 * default collectors watch the whole process. Two figures, each the median of the rounds' own
 * ratios (a round of each, back to back, sees the same machine): throughput with / without (goal
 * ≥ 0.95, metrics cost at most 5 %) and the server's CPU time per request with / without, which a
 * busy machine disturbs far less than throughput.
 */
export async function metricsBench(tmp: string, rounds: number, add: Add, log: (s: string) => void) {
  const children: ChildProcess[] = [];
  try {
    const plain = await startApp({ DATA_DIR: join(tmp, 'metrics-without') }, children);
    const measured = await startApp({ DATA_DIR: join(tmp, 'metrics-with'), METRICS_PORT: '0' }, children);
    log('  GET /api/health without metrics and with METRICS_PORT set, two processes, interleaved');
    const run = (url: string, seconds: number) => load(url, { connections: CONNECTIONS, seconds, core: LOAD_CORE });
    for (const app of [plain, measured]) await run(app.url, WARMUP_SECONDS);
    const figures: Record<'plain' | 'measured', Array<{ rps: number; cpu: number }>> = { plain: [], measured: [] };
    for (let r = 0; r < rounds; r++) {
      for (const [name, app] of [
        ['plain', plain],
        ['measured', measured],
      ] as const) {
        const before = await app.cpu();
        const res = await run(app.url, ROUND_SECONDS);
        if (res.errors || res.non2xx)
          throw new Error(`${app.url}: ${res.errors} errors, ${res.non2xx} non-2xx answers`);
        figures[name].push({ rps: res.rps, cpu: ((await app.cpu()) - before) / res.requests });
      }
      const [p, m] = [figures.plain[r]!, figures.measured[r]!];
      log(
        `  round ${r + 1}: ${Math.round(p.rps)} / ${Math.round(m.rps)} req/s, ${p.cpu.toFixed(1)} / ${m.cpu.toFixed(1)} µs CPU a request (without / with)`,
      );
    }
    const ratios = (key: 'rps' | 'cpu') => median(figures.plain.map((p, i) => figures.measured[i]![key] / p[key]));
    const rps = ratios('rps');
    const cpu = ratios('cpu');
    add('GET /api/health req/s without metrics', median(figures.plain.map((f) => f.rps)), 'req/s', 'reference', true);
    add('GET /api/health req/s with metrics', median(figures.measured.map((f) => f.rps)), 'req/s', 'report', true);
    add(
      'GET /api/health server CPU/request without metrics',
      median(figures.plain.map((f) => f.cpu)),
      'µs',
      'reference',
      true,
    );
    add(
      'GET /api/health server CPU/request with metrics',
      median(figures.measured.map((f) => f.cpu)),
      'µs',
      'report',
      true,
    );
    add('GET /api/health req/s with metrics / without', rps, 'x', '>= 0.95', rps >= 0.95);
    add('GET /api/health CPU/request with metrics / without', cpu, 'x', '<= 1.05', cpu <= 1.05);
  } finally {
    for (const child of children) {
      child.stdin!.end();
      if (child.exitCode === null) await once(child, 'exit');
    }
  }
}
