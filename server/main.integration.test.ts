import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
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

describe('server/main.ts', () => {
  it('stops with one line naming an invalid setting', async () => {
    const run = start({ PORT: 'eighty' });
    expect(await run.exited).toBe(1);
    expect(run.output().trim()).toMatch(/^Invalid setting PORT: .+$/);
  });

  it('serves on the embedded database and exits 0 on SIGTERM', async () => {
    const port = 38150 + Math.floor(Math.random() * 40);
    const run = start({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: mkdtempSync(join(tmpdir(), 'blet-main-')) });
    let health: Response | undefined;
    for (let i = 0; i < 100 && !health; i++) {
      await new Promise((r) => setTimeout(r, 200));
      health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
    }
    expect(health?.status).toBe(200);
    expect(await health!.json()).toEqual({ status: 'ok', database: 'pglite: up' });
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  }, 60_000);

  it('writes every request log line before it exits on SIGTERM', async () => {
    const port = 38190 + Math.floor(Math.random() * 40);
    const run = start({ PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', DATA_DIR: mkdtempSync(join(tmpdir(), 'blet-main-')) });
    let up = false;
    for (let i = 0; i < 100 && !up; i++) {
      await new Promise((r) => setTimeout(r, 200));
      up = Boolean(await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined));
    }
    const n = 300;
    await Promise.all(Array.from({ length: n }, (_, i) => fetch(`http://127.0.0.1:${port}/api/health?n=${i}`).then((r) => r.text())));
    // At once: lines still queued in the asynchronous destination must not be lost at exit.
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    const lines = run.output().split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as { msg: string; req?: { url: string }; res?: { statusCode: number } });
    const completed = lines.filter((l) => l.msg === 'request completed' && l.req?.url.includes('?n='));
    expect(new Set(completed.map((l) => l.req!.url)).size).toBe(n);
    expect(completed.every((l) => l.res?.statusCode === 200)).toBe(true);
    expect(lines.at(-1)!.msg).toMatch(/^SIGTERM/);
  }, 60_000);
});
