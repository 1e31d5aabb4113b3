import { expect, test } from '@playwright/test';
import { startWireProxy, type WireProxy } from '../../bench/wire';
import { E2E } from '../support/ports';

/**
 * Issue 29 item 8's byte budgets, kept by CI (decision 081): bytes as they cross the wire, counted
 * by a proxy in front of the app (headers, compressed bodies, and what the service worker fetches
 * too). The repeat visit's budget is the issue's goal, and so now is the first visit's: 260 KB
 * until decision 083 cut it to 164 KB (the auth form without zod and react-hook-form, the worker's
 * precache without the icons), 149 KB since decision 086 (the theme script inline, no offline
 * modules or workbox-window for a visitor, leaner headers). A change that adds weight fails here.
 */
const FIRST_VISIT_BUDGET = 150_000;
const REPEAT_VISIT_BUDGET = 20_000;

let proxy: WireProxy;
test.beforeAll(async () => {
  proxy = await startWireProxy(E2E.port);
});
test.afterAll(() => proxy.close());

test('/auth costs its budget on a first visit, with the service worker, and next to nothing after', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  proxy.reset();
  await page.goto(`${proxy.url}/auth`);
  await expect(page.getByRole('form', { name: 'Login' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForLoadState('networkidle');
  const first = proxy.down();
  console.log(`/auth first visit: ${first} bytes on the wire`);
  expect(first).toBeLessThanOrEqual(FIRST_VISIT_BUDGET);

  proxy.reset();
  await page.goto(`${proxy.url}/auth`);
  await expect(page.getByRole('form', { name: 'Login' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const repeat = proxy.down();
  console.log(`/auth repeat visit: ${repeat} bytes on the wire`);
  expect(repeat).toBeLessThanOrEqual(REPEAT_VISIT_BUDGET);
  await context.close();
});
