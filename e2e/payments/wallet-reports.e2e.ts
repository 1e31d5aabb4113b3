import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { E2E } from '../support/ports';
import { buyViaApi, PRICE_MINOR, test } from './support';

const NET = PRICE_MINOR - Math.round(PRICE_MINOR * 0.1);

/** The page at both widths and both themes, for people to look at; nothing scrolls sideways. */
async function shoot(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    // Without animation the chart is drawn whole at once.
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      // Chart.js redraws for the new width on a resize observer: two frames later it is done.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      // From the top: a full-page shot of a scrolled page draws the sticky header mid-page.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: test.info().outputPath(`${name}-${width}-${scheme}.png`), fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
  }
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: null });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("a tutor reaches the wallet from the dashboard, sees the month's earnings drawn, and downloads every line as CSV", async ({
  page,
  browser,
  shop,
}) => {
  test.setTimeout(120_000);
  const course = await shop.course('Poultry books');
  await buyViaApi(page, course.id);

  const context = await browser.newContext({ baseURL: E2E.baseUrl, storageState: shop.tutor.state });
  const tutor = await context.newPage();
  await tutor.goto('/courses/tutor');
  await tutor.getByRole('link', { name: 'Wallet' }).click();
  await expect(tutor).toHaveURL(/\/wallet$/);
  await expect(tutor.getByRole('heading', { name: 'Wallet', level: 1 })).toBeVisible();

  const earnings = tutor.getByRole('region', { name: 'Earnings by month' });
  const chart = earnings.getByRole('img', { name: /Bar chart of your earnings per month over the last 12 months/ });
  await expect(chart).toBeVisible();
  const box = (await chart.boundingBox())!;
  expect(box.width).toBeGreaterThan(300);
  expect(box.height).toBeGreaterThan(150);
  const { months } = (await (await tutor.request.get('/api/wallet/earnings-by-month')).json()) as {
    months: Array<{ month: string; earnedMinor: number }>;
  };
  expect(months).toHaveLength(12);
  expect(months.at(-1)!.earnedMinor).toBeGreaterThanOrEqual(NET);
  await earnings.getByText('Show the figures').click();
  await expect(earnings.getByTestId('earnings-month')).toHaveCount(12);
  expect((await new AxeBuilder({ page: tutor }).analyze()).violations).toEqual([]);

  const [download] = await Promise.all([
    tutor.waitForEvent('download'),
    tutor.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('wallet.csv');
  const csv = readFileSync((await download.path())!, 'utf8').split('\r\n');
  expect(csv[0]).toBe('"Date (UTC)","Kind","Balance","Description","Amount (NGN)","Amount (kobo)"');
  const sale = csv.find((line) => line.includes(`Sale of “${course.title}”`));
  expect(sale).toContain(`"sale","pending",`);
  expect(sale).toMatch(new RegExp(`"${(NET / 100).toFixed(2)}","${NET}"$`));

  await shoot(tutor, 'wallet');
  await context.close();
});
