import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { buildApp } from '#server/app';
import type { Database } from '#server/db/client';
import { loadConfig } from '#server/env';
import { createLogs } from '#server/lib/logger';
import { canPin, median } from './load';
import { seedMembers } from './seed';

/** A phone on a slow mobile connection, as issue 10 measured it. */
export const SLOW_NETWORK = { latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
const RUNS = 3;
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

type Add = (name: string, value: number, unit: string, goal: string, pass: boolean) => void;

interface Load {
  /** Navigation to the load event. */
  loadMs: number;
  /** Navigation to the end of the last response, once the network is quiet (lazy routes, API calls). */
  settledMs: number;
  bytes: number;
  scriptBytes: number;
  scriptRawBytes: number;
}

/**
 * Page load in headless Chromium over a throttled connection (CDP Network.emulateNetworkConditions):
 * /auth for a visitor and / signed in, each from a cold cache, the built client served as `npm start`
 * serves it. Chromium runs on core 1, beside the load generators, when taskset exists.
 */
export async function pageLoadBench(
  database: Database,
  o: { tmp: string; add: Add; log: (s: string) => void },
): Promise<void> {
  if (!existsSync(CHROMIUM)) {
    o.log(`  skipped: no Chromium at ${CHROMIUM}`);
    o.add('page load figures', NaN, '', 'run', false);
    return;
  }
  // Builds the client when it is missing or older than its sources, as `npm start` does.
  execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { stdio: 'inherit' });
  const logs = createLogs({ level: 'info', destination: join(o.tmp, 'page-load.log') });
  const config = { ...loadConfig({ LOG_LEVEL: 'info', DATA_DIR: o.tmp }), clientDir: resolve('dist/client') };
  const app = await buildApp({ config, database, logger: logs.logger });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const { cookies } = await seedMembers(database.db, 1, 'bench-page-');
  const browser = await chromium.launch({ executablePath: pinnedChromium(o.tmp), args: CHROMIUM_ARGS });
  try {
    o.log(
      `  ${RUNS} cold loads each at ${SLOW_NETWORK.downloadThroughput * 0.008} kbps down, ${SLOW_NETWORK.latency} ms latency`,
    );
    for (const [name, path, cookie] of [
      ['/auth (visitor)', '/auth', undefined],
      ['/ (signed in)', '/', cookies[0]!.slice('sid='.length)],
    ] as const) {
      const runs: Load[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await coldLoad(browser, base, path, cookie));
      const m = (k: keyof Load) => median(runs.map((r) => r[k]));
      o.add(`page ${name} load event at 1.6 Mbps`, m('loadMs') / 1_000, 's', 'report', true);
      o.add(`page ${name} settled at 1.6 Mbps`, m('settledMs') / 1_000, 's', 'report', true);
      o.add(`page ${name} bytes transferred`, m('bytes') / 1_024, 'KB', 'report', true);
      o.add(`page ${name} JavaScript transferred`, m('scriptBytes') / 1_024, 'KB', 'report', true);
      o.add(`page ${name} JavaScript decoded`, m('scriptRawBytes') / 1_024, 'KB', 'report', true);
    }
  } finally {
    await browser.close();
    await app.close();
    await logs.close();
  }
}

async function coldLoad(browser: Browser, base: string, path: string, session: string | undefined): Promise<Load> {
  const context = await browser.newContext();
  if (session) await context.addCookies([{ name: 'sid', value: session, url: base, httpOnly: true, sameSite: 'Lax' }]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_NETWORK });
  const scripts = new Set<string>();
  let bytes = 0;
  let scriptBytes = 0;
  let scriptRawBytes = 0;
  let start = 0;
  let last = 0;
  cdp.on('Network.requestWillBeSent', (e) => {
    if (!start) start = e.timestamp;
  });
  cdp.on('Network.responseReceived', (e) => {
    if (e.type === 'Script') scripts.add(e.requestId);
  });
  cdp.on('Network.dataReceived', (e) => {
    if (scripts.has(e.requestId)) scriptRawBytes += e.dataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    bytes += e.encodedDataLength;
    if (scripts.has(e.requestId)) scriptBytes += e.encodedDataLength;
    last = Math.max(last, e.timestamp);
  });
  const began = performance.now();
  await page.goto(`${base}${path}`, { waitUntil: 'load', timeout: 120_000 });
  const loadMs = performance.now() - began;
  await page.waitForLoadState('networkidle', { timeout: 120_000 });
  await context.close();
  return { loadMs, settledMs: (last - start) * 1_000, bytes, scriptBytes, scriptRawBytes };
}

/** Playwright starts the executable it is given: a wrapper puts Chromium on core 1. */
export function pinnedChromium(tmp: string): string {
  if (!canPin) return CHROMIUM;
  const wrapper = join(tmp, 'chromium-core1.sh');
  writeFileSync(wrapper, `#!/bin/sh\nexec taskset -c 1 ${CHROMIUM} "$@"\n`);
  chmodSync(wrapper, 0o755);
  return wrapper;
}
