import { expect, test } from '@playwright/test';
import { signedUp } from '../support/users';

test('a member picks the time zone their notifications use, from a labelled list', async ({ page }) => {
  test.setTimeout(90_000);
  await signedUp(page);
  await page.goto('/profile#time-zone');
  const section = page.getByRole('region', { name: 'Time zone' });
  const select = section.getByRole('combobox', { name: 'Time zone' });
  await expect(select).toHaveValue('Africa/Lagos');
  await expect(section.getByText(/Times will read like this: .+ WAT$/)).toBeVisible();
  await select.selectOption('Europe/London');
  await expect(section.getByText(/Times will read like this: .+ GMT$/)).toBeVisible();
  await section.getByRole('button', { name: 'Save time zone' }).click();
  await expect(page.getByText('Time zone saved')).toBeVisible();
  expect((await (await page.request.get('/api/user')).json()).timeZone).toBe('Europe/London');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await section.screenshot({ path: test.info().outputPath(`time-zone-${width}-${scheme}.png`) });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
  }
});
