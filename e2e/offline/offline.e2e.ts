import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { E2E } from '../support/ports';
import { logIn, newPerson, registerAndVerify, signedUp } from '../support/users';
import { workerInControl } from '../support/worker';

const SHOTS = process.env.OFFLINE_SHOTS_DIR;

/** Phone-sized screenshots in both themes, for looking at (OFFLINE_SHOTS_DIR set). */
async function shots(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 740 });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${SHOTS}/${name}-360-${scheme}.png` });
  }
  if (size) await page.setViewportSize(size);
  await page.emulateMedia({ colorScheme: 'light' });
}

async function member(browser: Browser, fullName: string) {
  const context = await browser.newContext({ baseURL: E2E.baseUrl, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const person = await signedUp(page, { ...newPerson(), fullName });
  const user = (await (await page.request.get('/api/user')).json()) as { id: string };
  return { context, page, person, id: user.id };
}

test('installable: the manifest, its icons and shortcuts, linked from the page', async ({ page }) => {
  const res = await page.request.get('/manifest.webmanifest');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/application\/manifest\+json/);
  const manifest = (await res.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    icons: { sizes: string; purpose?: string }[];
    shortcuts: { name: string; url: string }[];
  };
  expect(manifest).toMatchObject({ start_url: '/', display: 'standalone' });
  expect(manifest.name.length).toBeGreaterThan(0);
  expect(manifest.short_name.length).toBeGreaterThan(0);
  const sizes = manifest.icons.map((i) => i.sizes);
  expect(sizes).toContain('192x192');
  expect(sizes).toContain('512x512');
  expect(manifest.icons.some((i) => i.purpose?.split(' ').includes('maskable'))).toBe(true);
  expect(manifest.shortcuts.map((s) => s.url)).toEqual(['/courses', '/jobs', '/chat']);
  for (const icon of manifest.icons as unknown as { src: string }[]) {
    expect((await page.request.get(icon.src)).headers()['content-type']).toBe('image/png');
  }

  const sw = await page.request.get('/sw.js');
  expect(sw.headers()['cache-control']).toBe('no-cache');
  expect(sw.headers()['content-type']).toMatch(/javascript/);

  await page.goto('/auth');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await workerInControl(page);
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/'))?.scope);
  expect(scope).toBe(new URL('/', page.url()).href);
});

test('offline: a reload of /, /courses and /chat shows the app, its navigation and the banner', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await signedUp(page);
  await workerInControl(page);
  // Visited once online: their chunks are in the worker's cache from then on.
  for (const path of ['/', '/courses', '/chat']) {
    await page.goto(path);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  }
  // The offline copy is written half a second after the answers arrive.
  await page.waitForTimeout(1500);

  await context.setOffline(true);
  for (const path of ['/', '/courses', '/chat']) {
    await page.goto(path);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Courses' })).toBeVisible();
    await expect(page.getByTestId('offline-banner')).toHaveText(
      "You're offline. We'll send your changes when you're back.",
    );
    await expect(page.getByTestId('user-menu')).toBeVisible();
    if (path === '/') await shots(page, 'offline-banner');
  }
  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toBeHidden();
});

test('chat: a message sent offline waits with a clock, survives a reload, and arrives once when back', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const ada = await member(browser, 'Adaeze Nwosu');
  const bayo = await member(browser, 'Bayo Adeyemi');
  const id = await ada.page.evaluate(async (userId) => {
    const res = await fetch('/api/chat/conversations', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId }),
    });
    return ((await res.json()) as { id: string }).id;
  }, bayo.id);
  await ada.page.goto(`/chat/${id}`);
  await bayo.page.goto(`/chat/${id}`);
  await workerInControl(ada.page);
  await expect(ada.page.getByLabel('Message', { exact: true })).toBeVisible();
  await ada.page.waitForTimeout(2500);

  // Every send Ada's browser makes, from the page or its worker: none may leave while offline.
  const posts: string[] = [];
  ada.context.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/messages'))
      posts.push(`${r.url()} worker=${Boolean(r.serviceWorker())}`);
  });
  await ada.context.setOffline(true);
  await expect(ada.page.getByTestId('offline-banner')).toBeVisible();
  const box = ada.page.getByLabel('Message', { exact: true });
  await box.fill('Typed on the bus');
  await box.press('Enter');
  const queued = ada.page.getByTestId('message').filter({ hasText: 'Typed on the bus' });
  await expect(queued).toHaveAttribute('data-state', 'queued');
  await expect(queued.getByTestId('receipt')).toHaveAttribute('title', 'Waiting for the network');
  await shots(ada.page, 'chat-queued');

  // The tab is closed and opened again, still offline: the message is still waiting.
  await ada.page.reload();
  await expect(ada.page.getByTestId('message').filter({ hasText: 'Typed on the bus' })).toHaveAttribute(
    'data-state',
    'queued',
  );
  await ada.page.waitForTimeout(1500);
  // If this ever fails again, these two say which side leaked: the outbox sends nothing while the
  // page believes it is offline, so a POST with onLine false is the app's, with onLine true the cut's.
  expect(await ada.page.evaluate(() => navigator.onLine), 'the page believes it is online').toBe(false);
  expect(posts).toEqual([]);
  await expect(bayo.page.getByTestId('message').filter({ hasText: 'Typed on the bus' })).toHaveCount(0);

  await ada.context.setOffline(false);
  const received = bayo.page.getByTestId('message').filter({ hasText: 'Typed on the bus' });
  await expect(received).toHaveCount(1, { timeout: 15_000 });
  await expect(ada.page.getByTestId('message').filter({ hasText: 'Typed on the bus' })).toHaveAttribute(
    'data-state',
    /sent|delivered|read/,
  );
  // Once: the thread as stored holds it a single time, after the page and the socket both came back.
  await ada.page.waitForTimeout(1500);
  const stored = await bayo.page.evaluate(async (conversationId) => {
    const res = await fetch(`/api/chat/conversations/${conversationId}/messages`);
    return ((await res.json()) as { messages: { body: string }[] }).messages.filter(
      (m) => m.body === 'Typed on the bus',
    ).length;
  }, id);
  expect(stored).toBe(1);
  await expect(received).toHaveCount(1);
});

test('errors: a chunk gone after a deploy reloads once, then the area shows its error element inside the shell', async ({
  browser,
}) => {
  // No worker here: the test stands in for a server that no longer has the chunk.
  const context = await browser.newContext({ baseURL: E2E.baseUrl, serviceWorkers: 'block' });
  const page = await context.newPage();
  await signedUp(page);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.route(/\/assets\/jobs-board-page-[\w-]+\.js$/, (route) => route.abort());
  let loads = 0;
  page.on('load', () => loads++);

  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Jobs' }).click();
  // The first failure reloads the page once, which now names the current chunks.
  await expect.poll(() => loads).toBe(1);
  await expect(nav).toBeVisible();
  await nav.getByRole('link', { name: 'Jobs' }).click();
  const error = page.getByTestId('page-error');
  await expect(error.getByRole('heading')).toHaveText('Something went wrong on this page');
  expect(loads).toBe(1);
  await expect(nav).toBeVisible();
  await expect(error.getByRole('button', { name: 'Reload' })).toBeVisible();
  await shots(page, 'page-error');

  await page.unroute(/\/assets\/jobs-board-page-[\w-]+\.js$/);
  await error.getByRole('link', { name: 'Go home' }).click();
  await expect(page).toHaveURL(`${E2E.baseUrl}/`);
  await expect(page.getByTestId('page-error')).toHaveCount(0);
  await context.close();
});

test('update: a new worker waits for the member; Reload brings it in', async ({ page }) => {
  // Through the forms, as before decision 090: signed up over the API, the page's Reload did not
  // bring the new worker in within the test's time (not understood yet; see decision 090).
  const person = await registerAndVerify(page);
  await logIn(page, person);
  await workerInControl(page);
  const before = await page.evaluate(
    async () => (await navigator.serviceWorker.getRegistration('/'))?.active?.scriptURL,
  );
  expect(before).toMatch(/\/sw\.js$/);

  // A release: the worker script on the server changes (what the next build writes). Its
  // compressed copies, which the server prefers, are set aside meanwhile.
  const sw = join('dist', 'client', 'sw.js');
  const original = readFileSync(sw, 'utf8');
  const compressed = ['.br', '.gz'].map((ext) => [`${sw}${ext}`, readFileSync(`${sw}${ext}`)] as const);
  for (const [file] of compressed) rmSync(file);
  writeFileSync(sw, `${original}\n// release ${Date.now()}\n`);
  try {
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/'))?.update());
    const prompt = page.getByTestId('update-prompt');
    await expect(prompt).toContainText('A new version is ready.');
    await shots(page, 'update-prompt');
    // Never forced: the page stays as it is until the member chooses.
    await page.waitForTimeout(1000);
    await expect(prompt).toBeVisible();
    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
    await expect(page.getByTestId('update-prompt')).toHaveCount(0);
    const waiting = await page.evaluate(async () =>
      Boolean((await navigator.serviceWorker.getRegistration('/'))?.waiting),
    );
    expect(waiting).toBe(false);
  } finally {
    writeFileSync(sw, original);
    for (const [file, bytes] of compressed) writeFileSync(file, bytes);
  }
});

test('chat: a queued message the server refuses later shows its sentence, with Retry and Discard', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const ada = await member(browser, 'Adaeze Nwosu');
  const bayo = await member(browser, 'Bayo Adeyemi');
  const id = await ada.page.evaluate(async (userId) => {
    const res = await fetch('/api/chat/conversations', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId }),
    });
    return ((await res.json()) as { id: string }).id;
  }, bayo.id);
  await ada.page.goto(`/chat/${id}`);
  await expect(ada.page.getByLabel('Message', { exact: true })).toBeVisible();

  await ada.context.setOffline(true);
  await expect(ada.page.getByTestId('offline-banner')).toBeVisible();
  await ada.page.getByLabel('Message', { exact: true }).fill('Are you there?');
  await ada.page.getByLabel('Message', { exact: true }).press('Enter');
  const bubble = ada.page.getByTestId('message').filter({ hasText: 'Are you there?' });
  await expect(bubble).toHaveAttribute('data-state', 'queued');

  // Meanwhile Bayo blocks Ada: the send that waited is refused when the network returns.
  const blocked = await bayo.page.request.post('/api/chat/blocks', { data: { userId: ada.id } });
  expect(blocked.ok()).toBe(true);
  await ada.context.setOffline(false);
  await expect(bubble).toHaveAttribute('data-state', 'failed', { timeout: 15_000 });
  await expect(ada.page.getByTestId('send-refused')).toHaveText('You can no longer message this member.');
  await expect(ada.page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await ada.page.getByRole('button', { name: 'Discard' }).click();
  await expect(bubble).toHaveCount(0);
});
