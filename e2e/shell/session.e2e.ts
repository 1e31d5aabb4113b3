import { expect, test, type Locator, type Page } from '@playwright/test';
import { logIn, registerAndVerify } from '../support/users';

const MINUTE = 60_000;

/** Moves the fake clock in steps shorter than a toast's 5 s, so a toast is seen while it shows. */
async function runUntilVisible(page: Page, target: Locator, maxMs: number) {
  for (let spent = 0; spent <= maxMs; spent += 4_000) {
    if (await target.isVisible()) return spent;
    await page.clock.runFor(4_000);
  }
  throw new Error(`not visible within ${maxMs} ms of fake time`);
}

test('session: warning at 330 minutes, then expiry sends the user to /auth', async ({ page }) => {
  const person = await registerAndVerify(page);
  await page.clock.install();
  await logIn(page, person);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.clock.runFor(329 * MINUTE);
  await expect(page.getByText('Session Expiring Soon')).toHaveCount(0);
  await runUntilVisible(page, page.getByText('Session Expiring Soon'), 2 * MINUTE);
  await expect(
    page.getByText(
      'Your session will expire in 30 minutes. Please save your work and refresh the page to extend your session.',
    ),
  ).toBeVisible();

  // The server ends the session (as it would at 360 minutes); the next 5-minute poll notices.
  await page.context().clearCookies();
  await runUntilVisible(page, page.getByText('Session Expired', { exact: true }), 6 * MINUTE);
  await expect(page.getByText('Your session has expired. Please log in again to continue.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
});

test('activity extends the session at most once every 300 s', async ({ page }) => {
  const person = await registerAndVerify(page);
  await page.clock.install();
  await logIn(page, person);
  // Home is a lazy route: the keep-alive listens once the guarded page is on screen.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const extends_: number[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/session/extend')) extends_.push(Date.now());
  });
  await page.mouse.click(5, 300);
  await page.clock.runFor(2_000);
  expect(extends_).toHaveLength(0); // just logged in: nothing to extend yet
  await page.clock.runFor(301_000);
  await page.mouse.click(5, 300);
  await page.clock.runFor(2_000);
  await expect.poll(() => extends_.length).toBe(1);
  await page.mouse.click(5, 300);
  await page.clock.runFor(2_000);
  expect(extends_).toHaveLength(1);
});
