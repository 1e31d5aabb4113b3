import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/** A port free right now, so that suites running at once never start servers on one port. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const dataDir = mkdtempSync(join(tmpdir(), 'blet-ops-process-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/**
 * The contract of issue 28 on the real entry point: metrics on METRICS_PORT only, and SIGTERM
 * turning readiness to 503 while the process still serves (SHUTDOWN_DELAY_MS), then exit 0.
 */
describe('server/main.ts with METRICS_PORT and SIGTERM', () => {
  it('serves metrics on their own port, 404 on the public one, and drains on SIGTERM', async () => {
    const [port, metricsPort] = [await freePort(), await freePort()];
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        PATH: process.env.PATH,
        LOG_LEVEL: 'warn',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        METRICS_PORT: String(metricsPort),
        SHUTDOWN_DELAY_MS: '1500',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const base = `http://127.0.0.1:${port}`;
    try {
      // A cold start replays every migration on a fresh PGlite: the test's timeout is the bound.
      let live: Response | undefined;
      while (!live && child.exitCode === null) {
        live = await fetch(`${base}/api/health/live`).catch(() => undefined);
        if (!live) await new Promise((r) => setTimeout(r, 200));
      }
      expect(live?.status, output).toBe(200);

      expect((await fetch(`${base}/api/courses`)).status).toBe(200);
      expect((await fetch(`${base}/metrics`)).status).toBe(404);
      const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      expect(metrics).toMatch(/^http_request_duration_seconds_bucket\{[^}]*route="\/api\/courses"[^}]*\} \d+$/m);

      child.kill('SIGTERM');
      let ready: Response | undefined;
      for (let i = 0; i < 50 && ready?.status !== 503; i++) {
        ready = await fetch(`${base}/api/health/ready`);
        if (ready.status !== 503) await new Promise((r) => setTimeout(r, 20));
      }
      expect(ready?.status).toBe(503);
      expect(await ready!.json()).toMatchObject({ status: 'unready', checks: { process: 'draining' } });
      expect((await fetch(`${base}/api/health/live`)).status).toBe(200);
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 240_000);
});
