import { expect, test, type Page } from '@playwright/test';
import { adminPage } from '../notifications/admin';

async function chartsDrawn(page: Page) {
  const charts = page.getByTestId('overview-chart');
  await expect(charts).toHaveCount(7);
  for (const canvas of await page.locator('[data-testid="overview-chart"] canvas').all()) {
    await expect(canvas).toBeVisible();
    const box = await canvas.boundingBox();
    expect(box!.width).toBeGreaterThan(300);
    expect(box!.height).toBeGreaterThan(200);
  }
}

test('the overview draws its charts at 1280 px, in light and in dark', async ({ browser }) => {
  const page = await adminPage(browser);
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(page.getByText('Sign-ups', { exact: true })).toBeVisible();
  await chartsDrawn(page);
  await expect(page.getByRole('img', { name: 'Sign-ups and active members per day' })).toBeVisible();

  await page.getByLabel('Range').selectOption('7');
  await expect(page).toHaveURL(/range=7/);
  await chartsDrawn(page);

  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await chartsDrawn(page);
  await expect(page.getByRole('img', { name: 'Members by role' })).toBeVisible();
});
