import { expect, test } from '@playwright/test';
import { signedUp } from '../support/users';

/**
 * What a page shows and asks before its scripts have run (decision 089): the loading state is in
 * index.html itself, and a member's page asks for the session in its head, once.
 */

test('the loading state shows before any script arrives, in both themes and at both widths', async ({ page }) => {
  // The scripts never arrive: whatever is on screen came with the page.
  await page.route('**/assets/*.js', () => undefined);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/courses', { waitUntil: 'commit' });
      const status = page.getByRole('status');
      await expect(status).toHaveText('Loading…');
      // The inline theme script has run: no white flash before a dark page.
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(scheme === 'dark');
      const box = await status.boundingBox();
      expect(box!.width).toBeLessThanOrEqual(width);
      await status.screenshot({ path: test.info().outputPath(`loading-${width}-${scheme}.png`) });
    }
  }
});

test("a member's page asks for the session once: the head's preload is the script's answer", async ({ page }) => {
  // Signed up and in over the API (decision 090): the page loads below are the subject.
  await signedUp(page);
  const asked: string[] = [];
  const warnings: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/session') asked.push(request.url());
  });
  page.on('console', (message) => {
    if (/preload/i.test(message.text())) warnings.push(message.text());
  });
  await page.goto('/courses');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
  // Chromium warns a few seconds after the load when a preload went unused or did not match.
  await page.waitForTimeout(3_500);
  expect(asked).toHaveLength(1);
  expect(warnings).toEqual([]);
});
