import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startBuiltServer, startRawProcess } from './built-server';
import { interleaved } from './measure';

type Add = (name: string, value: number, unit: string, goal: string, pass: boolean) => void;

const ROUNDS = 5;

/**
 * GET /api/health as `npm start` serves it (issue 30): the built server in a process of its own
 * on core 0, its logs at warn and then at info written to a file, against plain node:http in a
 * process of its own on the same core; the load (autocannon, 20 connections) on core 1,
 * interleaved 5-second rounds, medians. The in-process figures of `--only=pglite` share the
 * bench's own process with the app; these are what an operator's machine sees.
 */
export async function asStartedBench(tmp: string, add: Add, log: (s: string) => void): Promise<void> {
  execFileSync(process.execPath, ['scripts/ensure-build.mjs', 'server'], { stdio: 'inherit' });
  const dataDir = join(tmp, 'as-started');
  mkdirSync(dataDir, { recursive: true });
  for (const level of ['warn', 'info'] as const) {
    const logFile = join(tmp, `as-started-${level}.log`);
    const app = await startBuiltServer(dataDir, logFile, level);
    const url = `${app.base}/api/health`;
    const raw = await startRawProcess(await (await fetch(url)).text());
    try {
      log(`  GET /api/health, logs at ${level} (to ${logFile}), against raw node:http, interleaved`);
      const [rawFig, health] = await interleaved([{ url: raw.base }, { url }], ROUNDS);
      const ratio = health!.rps / rawFig!.rps;
      const goal = level === 'warn' ? 0.9 : 0.6;
      add(`as started: raw node:http req/s (${level} run)`, rawFig!.rps, 'req/s', 'reference', true);
      add(`as started: GET /api/health req/s, logs at ${level}`, health!.rps, 'req/s', 'report', true);
      add(`as started: GET /api/health / raw, logs at ${level}`, ratio, 'x', `>= ${goal}`, ratio >= goal);
    } finally {
      await raw.stop();
      await app.stop();
    }
  }
}
