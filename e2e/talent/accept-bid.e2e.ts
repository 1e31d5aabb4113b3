import { expect, test, type Browser } from '@playwright/test';
import { E2E } from '../support/ports';
import { newPerson, signedUp } from '../support/users';

/** A member signed in in a browser of their own, with its request context for API set-up. */
async function member(browser: Browser, fullName: string) {
  const context = await browser.newContext({ baseURL: E2E.baseUrl, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signedUp(page, { ...newPerson(), fullName });
  return page;
}

const bid = (amount: number) => ({
  amount,
  deliveryDays: 4,
  proposal: 'Sketches first, then two rounds of changes; I have done this for three shops in Aba.',
});

test('accepting a bid asks first and says how many other bids it declines', async ({ browser }) => {
  test.setTimeout(90_000);
  const poster = await member(browser, 'Ngozi Eze');
  const [ada, tunde] = [await member(browser, 'Ada Obi'), await member(browser, 'Tunde Bakare')];
  const gig = await (
    await poster.request.post('/api/talent/gigs', {
      data: {
        title: `Shop sign ${Date.now().toString(36)}`,
        description: 'A painted sign design for a provisions shop, in two sizes.',
        skills: [],
        budgetType: 'fixed',
        budgetMin: 2_000_000,
        budgetMax: 5_000_000,
        currency: 'NGN',
        deadline: null,
      },
    })
  ).json();
  for (const [page, amount] of [
    [ada, 3_000_000],
    [tunde, 3_500_000],
  ] as const) {
    expect((await page.request.post('/api/user/roles', { data: { role: 'talent' } })).status()).toBe(200);
    expect((await page.request.post(`/api/talent/gigs/${gig.id}/bids`, { data: bid(amount) })).status()).toBe(201);
  }

  await poster.goto(`/gigs/${gig.id}`);
  const adaBid = poster.getByTestId('bid').filter({ hasText: 'Ada Obi' });
  await adaBid.getByRole('button', { name: 'Accept bid' }).click();
  const dialog = poster.getByRole('dialog', { name: 'Accept this bid?' });
  await expect(dialog).toContainText('Ada Obi starts the gig for ₦30,000.');
  await expect(dialog).toContainText('The other 1 bid will be declined.');
  for (const scheme of ['light', 'dark'] as const) {
    await poster.emulateMedia({ colorScheme: scheme });
    for (const width of [360, 1280]) {
      await poster.setViewportSize({ width, height: 900 });
      await poster.screenshot({ path: test.info().outputPath(`accept-bid-${width}-${scheme}.png`) });
    }
  }
  await poster.emulateMedia({ colorScheme: 'light' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(adaBid.getByRole('button', { name: 'Accept bid' })).toBeFocused();
  await expect(poster.getByTestId('gig-status')).toHaveText('Open');

  await adaBid.getByRole('button', { name: 'Accept bid' }).click();
  await dialog.getByRole('button', { name: 'Accept bid' }).click();
  await expect(poster.getByTestId('gig-status')).toHaveText('In progress');
  await expect(poster.getByTestId('bid').filter({ hasText: 'Tunde Bakare' })).toContainText('Not chosen');
});
