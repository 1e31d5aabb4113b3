import { expect, test, type Page } from '@playwright/test';
import { logIn, registerAndVerify } from '../support/users';

/** The worker has installed (shell precached) and controls the page. */
async function workerInControl(page: Page) {
  await page.waitForFunction(async () => {
    const reg = await navigator.serviceWorker.getRegistration('/');
    return Boolean(reg?.active && navigator.serviceWorker.controller);
  });
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
  const person = await registerAndVerify(page);
  await logIn(page, person);
  await workerInControl(page);
  // Visited once online: their chunks are in the worker's cache from then on.
  for (const path of ['/', '/courses', '/chat']) {
    await page.goto(path);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  }
  await page.waitForTimeout(500);

  await context.setOffline(true);
  for (const path of ['/', '/courses', '/chat']) {
    await page.goto(path);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Courses' })).toBeVisible();
    await expect(page.getByTestId('offline-banner')).toHaveText(
      "You're offline. We'll send your changes when you're back.",
    );
    await expect(page.getByTestId('user-menu')).toBeVisible();
  }
  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toBeHidden();
});
