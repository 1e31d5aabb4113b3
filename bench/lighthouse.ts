import { execFile, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { buildApp } from '#server/app';
import { openDatabase } from '#server/db/client';
import { loadConfig } from '#server/env';
import { pinned } from './load';

/** Debian's Chromium, as the browser tests use it; CHROME_PATH overrides. */
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** STACK-NOTES: the flags that work as root and offline. */
const CHROME_FLAGS =
  '--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run';

export interface LighthouseFigures {
  /** 0 to 100, Lighthouse's mobile preset (simulated slow 4G and a 4x slower CPU). */
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Every script the page downloaded, in bytes over the wire. */
  scriptBytes: number;
}

interface Audit {
  numericValue?: number;
  details?: { items?: Array<{ resourceType?: string; transferSize?: number }> };
}

/**
 * Lighthouse's mobile performance on /auth (decision 012): a fresh build of the client, served by
 * the real server (buildApp, its static files and headers) on PGlite in `tmp`, audited by the
 * Lighthouse CLI in headless Chromium.
 */
export async function lighthouseFigures(tmp: string, log: (s: string) => void): Promise<LighthouseFigures> {
  log('  building the client (vite build)');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  const database = await openDatabase({ dataDir: join(tmp, 'pglite-lighthouse') });
  await database.migrate();
  const config = loadConfig({ LOG_LEVEL: 'warn', DATA_DIR: tmp });
  const app = await buildApp({ config, database });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/auth`;
    const out = join(tmp, 'lighthouse.json');
    log(`  lighthouse ${url} (mobile preset)`);
    // Asynchronous, so this process keeps serving; on core 1 with its Chromium, like every load generator.
    const cli = [
      'node_modules/lighthouse/cli/index.js',
      url,
      '--only-categories=performance',
      '--output=json',
      `--output-path=${out}`,
      `--chrome-flags=${CHROME_FLAGS}`,
      '--quiet',
    ];
    const [command, args] = pinned(1, process.execPath, cli);
    await promisify(execFile)(command, args, { env: { ...process.env, CHROME_PATH: CHROME } });
    const report = JSON.parse(readFileSync(out, 'utf8')) as {
      categories: { performance: { score: number } };
      audits: Record<string, Audit>;
    };
    const value = (id: string) => report.audits[id]?.numericValue ?? NaN;
    const scripts = report.audits['resource-summary']?.details?.items?.find((i) => i.resourceType === 'script');
    return {
      score: Math.round(report.categories.performance.score * 100),
      fcpMs: value('first-contentful-paint'),
      lcpMs: value('largest-contentful-paint'),
      tbtMs: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      scriptBytes: scripts?.transferSize ?? NaN,
    };
  } finally {
    await app.close();
    await database.close();
  }
}
