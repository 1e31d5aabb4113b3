import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoHorizontalScroll, publishCourseViaApi, uniqueTitle } from '../courses/support';
import { signedUp } from '../support/users';

/**
 * Members' Markdown through markdown-it (decision 056), looked at in the places people read it:
 * a talent's bio and a text lesson with a table wider than a phone.
 */

/** The part at 360 and 1280 px, light and dark, for people to look at; the page never scrolls sideways. */
async function shoot(page: Page, name: string, part: Locator) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await part.screenshot({ path: test.info().outputPath(`${name}-${width}-${scheme}.png`) });
      await expectNoHorizontalScroll(page);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('a talent bio shows bold words and a list, not the Markdown marks', async ({ page }) => {
  await signedUp(page);
  const bio =
    'I make **bespoke** agbada and build web shops.\n\nWhat I do:\n\n- Tailoring\n- Web shops\n  - Paystack checkout';
  const statuses = await page.evaluate(async (text) => {
    const send = async (method: string, url: string, body: unknown) =>
      (await fetch(url, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }))
        .status;
    return [
      await send('POST', '/api/user/roles', { role: 'talent' }),
      await send('PUT', '/api/user/roles/talent', {
        hourlyRateMinor: 1_500_000,
        currency: 'NGN',
        availability: 'available_now',
        availableFrom: null,
      }),
      await send('PATCH', '/api/user/profile', { headline: 'Tailor and web builder', bio: text }),
    ];
  }, bio);
  expect(statuses).toEqual([200, 200, 200]);
  const me = (await (await page.request.get('/api/user')).json()) as { id: string };

  await page.goto(`/talent/${me.id}`);
  const card = page.locator('main');
  await expect(card.locator('strong', { hasText: 'bespoke' })).toBeVisible();
  await expect(card.getByRole('listitem').filter({ hasText: 'Tailoring' })).toBeVisible();
  await expect(card.locator('li li')).toHaveText('Paystack checkout');
  await expect(card.getByText('**bespoke**')).toHaveCount(0);
  await shoot(page, 'talent-bio', card);
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
});

test('a lesson table scrolls inside its box at 360 px, and the page does not', async ({ page }) => {
  test.setTimeout(90_000);
  const title = uniqueTitle('Farm accounts');
  await signedUp(page);
  const header = '| Month | Cassava sold | Yam sold | Maize sold | Transport | Labour | Fertiliser | Profit |';
  const table = [header, '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |'];
  for (const month of ['January', 'February', 'March'])
    table.push(`| ${month} | ₦120,000 | ₦80,000 | ₦45,000 | ₦12,500 | ₦30,000 | ₦9,000 | **₦193,500** |`);
  const courseId = await publishCourseViaApi(page, title, ['Keeping the books'], () =>
    ['## A quarter of sales', '', ...table, '', 'Read the **Profit** column first.'].join('\n'),
  );

  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`/courses/course-content/${courseId}`);
  const region = page.getByRole('region', { name: 'Table' });
  await expect(region.getByRole('columnheader', { name: 'Fertiliser' })).toBeAttached();
  await expect(region.getByRole('row')).toHaveCount(4);
  await expectNoHorizontalScroll(page);
  const scrolled = await region.evaluate((box) => {
    const wider = box.scrollWidth > box.clientWidth;
    box.scrollLeft = 200;
    return { wider, left: box.scrollLeft };
  });
  expect(scrolled).toEqual({ wider: true, left: 200 });
  // The keyboard reaches the box, so arrow keys scroll it too.
  await region.focus();
  await expect(region).toBeFocused();
  await shoot(page, 'lesson-table', region.locator('xpath=..'));
  const axe = await new AxeBuilder({ page }).include('[role="region"]').analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
});
