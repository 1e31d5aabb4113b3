import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from './test/harness';
import { createEmptyDatabase } from './test/test-db';

/**
 * The built server (decision 067) as `npm start` runs it: plain node on the bundle, no tsx. Built
 * into a folder of the test's own, so that the test never reads or replaces the project's dist/;
 * inside the project, where the bundle finds node_modules and package.json's "type": "module".
 */
describe('the built server', () => {
  mkdirSync('.cache', { recursive: true });
  const dir = mkdtempSync(join('.cache', 'built-'));
  const main = join(dir, 'server', 'main.js');

  beforeAll(() => {
    execFileSync(process.execPath, ['scripts/build-server.mjs', join(dir, 'server')], { stdio: 'inherit' });
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Starts dist's main.js on a port the system picks; resolves its address from the log once it listens. */
  function start(env: Record<string, string>) {
    const child = spawn(process.execPath, ['--enable-source-maps', main], {
      env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const address = new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (d) => {
        output += d;
        const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (listening) resolve(listening[1]!);
      });
      void exited.then((code) => reject(new Error(`exited with ${code} before listening:\n${output}`)));
    });
    return { child, exited, address };
  }

  async function stop(run: ReturnType<typeof start>) {
    run.child.kill('SIGTERM');
    return run.exited;
  }

  it('serves on the embedded database, and exits 0 on SIGTERM', async () => {
    const run = start({ DATA_DIR: mkdtempSync(join(tmpdir(), 'blet-built-')) });
    const health = await fetch(`${await run.address}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', database: 'pglite: up' });
    expect(await stop(run)).toBe(0);
  }, 240_000);

  it.skipIf(!onPostgres)(
    'three processes started at once on one empty PostgreSQL database all serve',
    async () => {
      const empty = await createEmptyDatabase(process.env.TEST_DATABASE_URL!);
      const runs = [1, 2, 3].map(() =>
        start({ DATABASE_URL: empty.url, DATA_DIR: mkdtempSync(join(tmpdir(), 'blet-built-')) }),
      );
      try {
        const answers = await Promise.all(
          runs.map(async (run) => (await fetch(`${await run.address}/api/health`)).json()),
        );
        expect(answers).toEqual(Array(3).fill({ status: 'ok', database: 'postgres: up' }));
        expect(await Promise.all(runs.map(stop))).toEqual([0, 0, 0]);
      } finally {
        runs.forEach((run) => run.child.kill('SIGKILL'));
        await empty.drop();
      }
    },
    240_000,
  );
});
