import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startBuiltServer } from './built-server';

type Add = (name: string, value: number, unit: string, goal: string, pass: boolean) => void;

const STARTS = 5;
const GOAL_MS = 2_000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

/**
 * Start-up to ready as `npm start` does it (issue 30 item 3, decision 084): the built server on a
 * database migrated beforehand (`npm run migrate`'s entry), from spawning node until
 * `/api/health/ready` answers 200, five starts, the median; and the RSS at ready. Not pinned to a
 * core: an operator's start is not, and PGlite and V8 compile on threads of their own.
 */
export async function startupBench(tmp: string, add: Add, log: (s: string) => void): Promise<void> {
  execFileSync(process.execPath, ['scripts/ensure-build.mjs', 'server'], { stdio: 'inherit' });
  const dataDir = join(tmp, 'startup');
  mkdirSync(dataDir, { recursive: true });
  execFileSync(process.execPath, ['dist/server/migrate.js'], {
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: 'ignore',
  });
  const times: number[] = [];
  const rss: number[] = [];
  for (let i = 0; i < STARTS; i++) {
    const started = performance.now();
    const app = await startBuiltServer(dataDir, join(tmp, `startup-${i}.log`), 'info', { pollMs: 10 });
    times.push(performance.now() - started);
    rss.push(rssMb(app.pid));
    await app.stop();
  }
  log(`  starts: ${times.map((t) => Math.round(t)).join(', ')} ms`);
  const ms = median(times);
  add(
    'start-up to ready, built server on a migrated PGlite (median of 5)',
    Math.round(ms),
    'ms',
    `<= ${GOAL_MS}`,
    ms <= GOAL_MS,
  );
  add('RSS at ready (median of 5)', Math.round(median(rss)), 'MB', 'report', true);
}
