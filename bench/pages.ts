import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { startBuiltServer } from './built-server';
import { median, pinned } from './load';
import { CHROMIUM_ARGS, CHROMIUM, pinnedChromium } from './page-load';
import { startWireProxy, type WireProxy } from './wire';

/**
 * Issue 29 item 8: the main pages as a phone on a Nigerian network gets them. The app runs as
 * `npm start` runs it (the built server, request logs on, to a file) on an embedded database
 * with the demo seed; the browser reaches it through a proxy that counts the bytes on the wire
 * (bench/wire.ts). Lighthouse (mobile preset, its own simulated throttling) scores each page;
 * the byte figures count a first visit, with the service worker's precache, and a repeat one;
 * the timed figures shape the proxy's link to 250 kbit/s and 300 ms round trips.
 */
type Add = (name: string, value: number, unit: string, goal: string, pass: boolean) => void;

const PASSWORD = 'Demo-Learn-2026';
const MEMBER = 'emeka';
const SLOW_LINK = { bitsPerSecond: 250_000, rttMs: 300 };
const TIMED_RUNS = 3;
const LIGHTHOUSE_FLAGS =
  '--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run';
const GOALS = { performance: 95, accessibility: 100, 'best-practices': 100 } as const;
type Category = keyof typeof GOALS;

/** `lighthouse: false` (`--only=pages-wire`): the bytes and timed figures alone, which the machine's load barely moves. */
export async function pagesBench(
  tmp: string,
  add: Add,
  log: (s: string) => void,
  opts = { lighthouse: true },
): Promise<void> {
  if (!existsSync(CHROMIUM)) {
    log(`  skipped: no Chromium at ${CHROMIUM}`);
    add('page figures', NaN, '', 'run', false);
    return;
  }
  execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { stdio: 'inherit' });
  const dataDir = join(tmp, 'pages');
  mkdirSync(dataDir, { recursive: true });
  log('  seeding the demo content (npm run seed)');
  execFileSync('npx', ['tsx', 'scripts/seed.ts'], { env: { ...process.env, DATA_DIR: dataDir }, stdio: 'ignore' });
  const app = await startBuiltServer(dataDir, join(tmp, 'pages-server.log'));
  const proxy = await startWireProxy(app.port);
  try {
    const sid = await signIn(app.base);
    const course = await firstCourse(app.base, sid);
    const pages: Array<[path: string, signedIn: boolean]> = [
      ['/auth', false],
      ['/', true],
      ['/courses', true],
      [`/courses/course-detail/${course}`, true],
      ['/jobs', true],
      ['/talent', true],
      ['/gigs', true],
      ['/mentorship/mentor', true],
    ];
    for (const [path, signedIn] of opts.lighthouse ? pages : []) {
      const scores = await lighthouse(`${proxy.url}${path}`, signedIn ? sid : undefined, log);
      const label = path.startsWith('/courses/course-detail/') ? '/courses/course-detail/:id' : path;
      for (const category of Object.keys(GOALS) as Category[])
        add(
          `Lighthouse ${category} ${label}`,
          scores[category],
          'score',
          `≥ ${GOALS[category]}`,
          scores[category] >= GOALS[category],
        );
    }

    const browser = await chromium.launch({ executablePath: pinnedChromium(tmp), args: CHROMIUM_ARGS });
    try {
      await bytes(browser, proxy, sid, add);
      await timed(browser, app.port, add, log);
    } finally {
      await browser.close();
    }
  } finally {
    await proxy.close();
    await app.stop();
  }
}

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: MEMBER, password: PASSWORD }),
  });
  const sid = /sid=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  if (!res.ok || !sid) throw new Error(`signing in as ${MEMBER}: ${res.status}`);
  return sid;
}

async function firstCourse(base: string, sid: string): Promise<string> {
  const res = await fetch(`${base}/api/courses?limit=1`, { headers: { cookie: `sid=${sid}` } });
  const id = ((await res.json()) as { courses: Array<{ id: string }> }).courses[0]?.id;
  if (!id) throw new Error('no published course in the seed');
  return id;
}

/** Each page's whole report is kept in bench/results (lighthouse-<page>.json) to read what cost points. */
async function lighthouse(url: string, sid: string | undefined, log: (s: string) => void) {
  const path = new URL(url).pathname;
  const out = new URL(
    `./results/lighthouse${path.replace(/[^a-z0-9]+/gi, '-').replace(/-$/, '') || '-home'}.json`,
    import.meta.url,
  ).pathname;
  log(`  lighthouse ${path} (mobile preset): ${out}`);
  const cli = [
    'node_modules/lighthouse/cli/index.js',
    url,
    '--only-categories=performance,accessibility,best-practices',
    '--output=json',
    `--output-path=${out}`,
    `--chrome-flags=${LIGHTHOUSE_FLAGS}`,
    '--quiet',
    ...(sid ? [`--extra-headers=${JSON.stringify({ Cookie: `sid=${sid}` })}`] : []),
  ];
  const [command, args] = pinned(1, process.execPath, cli);
  await promisify(execFile)(command, args, { env: { ...process.env, CHROME_PATH: CHROMIUM } });
  const report = JSON.parse(readFileSync(out, 'utf8')) as {
    categories: Record<Category, { score: number | null }>;
    audits: Record<string, { score: number | null; title: string }>;
  };
  const scores = {} as Record<Category, number>;
  for (const c of Object.keys(GOALS) as Category[]) scores[c] = Math.round((report.categories[c].score ?? 0) * 100);
  // What cost a point: named in the log, so a MISS says where to look.
  const failing = Object.entries(report.audits)
    .filter(([, a]) => a.score !== null && a.score < 0.9)
    .map(([id]) => id);
  if (failing.length) log(`    below 0.9: ${failing.join(', ')}`);
  return scores;
}

async function signedInContext(browser: Browser, base: string, sid: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  await context.addCookies([{ name: 'sid', value: sid, url: base, httpOnly: true, sameSite: 'Lax' }]);
  return context;
}

/** Waits for the service worker to control the page, then for the network to go quiet. */
async function settled(page: import('@playwright/test').Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForLoadState('networkidle');
}

/** Bytes on the wire: first visits with the worker's precache, and a repeat visit of /auth. */
async function bytes(browser: Browser, proxy: WireProxy, sid: string, add: Add) {
  const visitor = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await visitor.newPage();
  proxy.reset();
  await page.goto(`${proxy.url}/auth`);
  await settled(page);
  const first = proxy.down();
  add('/auth first visit, bytes on the wire', first / 1000, 'KB', '≤ 150', first <= 150_000);
  proxy.reset();
  await page.goto(`${proxy.url}/auth`);
  await page.waitForLoadState('networkidle');
  const repeat = proxy.down();
  add('/auth repeat visit, bytes on the wire', repeat / 1000, 'KB', '≤ 20', repeat <= 20_000);
  await visitor.close();

  const member = await signedInContext(browser, proxy.url, sid);
  const courses = await member.newPage();
  proxy.reset();
  await courses.goto(`${proxy.url}/courses`);
  await settled(courses);
  const catalogue = proxy.down();
  add('/courses first visit with its images, bytes on the wire', catalogue / 1000, 'KB', '≤ 350', catalogue <= 350_000);
  await member.close();
}

/** /auth's form on screen over a 250 kbit/s link with 300 ms round trips: first and repeat visit. */
async function timed(browser: Browser, appPort: number, add: Add, log: (s: string) => void) {
  const proxy = await startWireProxy(appPort, SLOW_LINK);
  log(`  ${TIMED_RUNS} visits of /auth at 250 kbit/s, 300 ms round trips (shaped at the proxy)`);
  const firsts: number[] = [];
  const repeats: number[] = [];
  try {
    for (let i = 0; i < TIMED_RUNS; i++) {
      const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
      const page = await context.newPage();
      const form = page.getByRole('form', { name: 'Login' }).getByLabel('Username');
      let began = performance.now();
      await page.goto(`${proxy.url}/auth`, { waitUntil: 'commit', timeout: 120_000 });
      await form.waitFor({ timeout: 120_000 });
      firsts.push(performance.now() - began);
      await settled(page);
      began = performance.now();
      await page.goto(`${proxy.url}/auth`, { waitUntil: 'commit', timeout: 120_000 });
      await form.waitFor({ timeout: 120_000 });
      repeats.push(performance.now() - began);
      await context.close();
    }
  } finally {
    await proxy.close();
  }
  const first = median(firsts) / 1000;
  const repeat = median(repeats) / 1000;
  add('/auth form shown, first visit at 250 kbit/s, 300 ms RTT', first, 's', '≤ 6', first <= 6);
  add('/auth form shown, repeat visit at 250 kbit/s, 300 ms RTT', repeat, 's', '≤ 1.5', repeat <= 1.5);
}
