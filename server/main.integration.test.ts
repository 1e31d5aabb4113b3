import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The real entry point as a process: settings errors, start on PGlite, graceful SIGTERM. */
function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** A port free right now, so two suites running at once never start servers on one port. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Polls health until the server answers or the process ends. A cold start replays every migration on a
 * fresh PGlite, which takes a minute on a loaded two-core CI machine: the test's own timeout is the bound.
 */
async function firstHealth(port: number, run: ReturnType<typeof start>): Promise<Response | undefined> {
  let ended = false;
  void run.exited.then(() => (ended = true));
  while (!ended) {
    const health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
    if (health) return health;
    await new Promise((r) => setTimeout(r, 200));
  }
  return undefined;
}

describe('server/main.ts', () => {
  it('stops with one line naming an invalid setting', async () => {
    const run = start({ PORT: 'eighty' });
    expect(await run.exited).toBe(1);
    expect(run.output().trim()).toMatch(/^Invalid setting PORT: .+$/);
  }, 240_000);

  it('serves on the embedded database and exits 0 on SIGTERM', async () => {
    const port = await freePort();
    const run = start({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: mkdtempSync(join(tmpdir(), 'blet-main-')) });
    const health = await firstHealth(port, run);
    expect(health?.status).toBe(200);
    expect(await health!.json()).toEqual({ status: 'ok', database: 'pglite: up' });
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    // A deprecated Fastify option prints a warning on every start (FSTDEP023 was one).
    expect(run.output()).not.toMatch(/FastifyDeprecation|FSTDEP\d+/);
  }, 240_000);

  it('writes every request log line before it exits on SIGTERM', async () => {
    const port = await freePort();
    const run = start({
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'blet-main-')),
    });
    expect(await firstHealth(port, run)).toBeDefined();
    const n = 300;
    await Promise.all(
      Array.from({ length: n }, (_, i) => fetch(`http://127.0.0.1:${port}/api/health?n=${i}`).then((r) => r.text())),
    );
    // At once: lines still queued in the asynchronous destination must not be lost at exit.
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    const lines = run
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { msg: string; req?: { url: string }; res?: { statusCode: number } });
    const completed = lines.filter((l) => l.msg === 'request completed' && l.req?.url.includes('?n='));
    expect(new Set(completed.map((l) => l.req!.url)).size).toBe(n);
    expect(completed.every((l) => l.res?.statusCode === 200)).toBe(true);
    expect(lines.at(-1)!.msg).toMatch(/^SIGTERM/);
  }, 240_000);
});
