import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { E2E } from '../support/ports';
import { newPerson, type Person, signedUp } from '../support/users';

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(3_000, 0x20)]);

/** A picture of one colour with a lighter circle, `width` by `height`. */
const picture = (width: number, height: number, r: number, g: number, b: number) =>
  sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${height / 2}" height="${height / 2}"><circle cx="${height / 4}" cy="${height / 4}" r="${height / 4 - 4}" fill="#f5c26b"/></svg>`,
        ),
        left: Math.round(width / 2 - height / 4),
        top: Math.round(height / 4),
      },
    ])
    .png()
    .toBuffer();

async function member(browser: Browser, fullName: string): Promise<{ page: Page; person: Person; id: string }> {
  const context = await browser.newContext({ baseURL: E2E.baseUrl, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const person = await signedUp(page, { ...newPerson(), fullName });
  const user = (await (await page.request.get('/api/user')).json()) as { id: string };
  return { page, person, id: user.id };
}

/**
 * A part of the page at both widths and both themes, for people to look at: no sideways
 * scrolling, and axe finds nothing wrong inside it.
 */
async function shoot(page: Page, name: string, part: Locator, selector: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await part.screenshot({ path: test.info().outputPath(`${name}-${width}-${scheme}.png`) });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
  }
  const axe = await new AxeBuilder({ page }).include(selector).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The calls the /profile screens make to become a listed talent (covered by their own tests). */
async function becomeTalent(page: Page) {
  const statuses = await page.evaluate(async () => {
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
      await send('PATCH', '/api/user/profile', { headline: 'Brand designer in Enugu', location: 'enugu' }),
    ];
  });
  expect(statuses).toEqual([200, 200, 200]);
}

test('a gig from posting to two reviews: bid arrives live, accept, deliver, complete, rating on the profile', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const poster = await member(browser, 'Ngozi Eze');
  const talent = await member(browser, 'Tunde Bakare');
  await becomeTalent(talent.page);
  const title = `Logo for Mama Put ${Date.now().toString(36)}`;

  // The poster posts a gig.
  await poster.page.goto('/gigs?tab=post');
  const form = poster.page.getByRole('form', { name: 'Post a gig' });
  await form.getByLabel('Title').fill(title);
  await form
    .getByLabel('What needs doing')
    .fill('A clean logo for our food stall, with two colour variants for the signboard.');
  await form.getByLabel('Lowest budget').fill('20000');
  await form.getByLabel('Highest budget').fill('50000');
  await form
    .locator('#gig-attachments')
    .setInputFiles({ name: 'stall-brief.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(form.getByRole('list', { name: 'Chosen attachments' })).toContainText('stall-brief.pdf');
  await form.getByRole('button', { name: 'Post gig' }).click();
  await expect(poster.page.getByRole('heading', { name: title })).toBeVisible();
  await expect(poster.page.getByRole('list', { name: 'Attachments' })).toContainText('stall-brief.pdf');
  await expect(poster.page.getByTestId('gig-status')).toHaveText('Open');
  await expect(poster.page.getByText('The poster pays each milestone into escrow')).toBeVisible();

  // The talent finds it and bids.
  await talent.page.goto('/gigs');
  await talent.page.getByLabel('Search gigs').fill(title);
  await talent.page.getByRole('link', { name: title }).click();
  const bid = talent.page.getByRole('form', { name: 'Place a bid' });
  await bid.getByLabel(/Your price/).fill('35000');
  await bid.getByLabel('Days to deliver').fill('5');
  await bid
    .getByLabel('Proposal')
    .fill('I have designed logos for three food businesses in Enugu; sketches first, then two rounds of changes.');
  await bid.getByRole('button', { name: 'Place bid' }).click();
  await expect(talent.page.getByTestId('bid')).toContainText('Pending');

  // The poster sees it arrive without reloading, and accepts.
  const arrived = poster.page.getByTestId('bid').filter({ hasText: 'Tunde Bakare' });
  await expect(arrived).toBeVisible();
  await expect(arrived).toContainText('₦35,000');
  await arrived.getByRole('button', { name: 'Accept bid' }).click();
  const confirm = poster.page.getByRole('dialog', { name: 'Accept this bid?' });
  await expect(confirm).toContainText('No other bids are waiting.');
  await confirm.getByRole('button', { name: 'Accept bid' }).click();
  await expect(poster.page.getByTestId('gig-status')).toHaveText('In progress');

  // The talent delivers; the poster accepts the delivery.
  await expect(talent.page.getByTestId('gig-status')).toHaveText('In progress');
  await talent.page.getByLabel('What you delivered').fill('The logo and the two colour variants are attached.');
  await talent.page
    .locator('#gig-delivery-files')
    .setInputFiles({ name: 'mama-put-logo.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(talent.page.getByRole('list', { name: 'Chosen delivered files' })).toContainText('mama-put-logo.pdf');
  await talent.page.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(talent.page.getByTestId('gig-status')).toHaveText('Delivered');
  await expect(poster.page.getByTestId('gig-status')).toHaveText('Delivered');

  // The poster downloads the delivered file; it is private: a visitor gets a 404 for the same address.
  const delivered = poster.page
    .getByRole('list', { name: 'Delivered files' })
    .getByRole('link', { name: /mama-put-logo\.pdf/ });
  const [download] = await Promise.all([poster.page.waitForEvent('download'), delivered.click()]);
  expect(download.suggestedFilename()).toBe('mama-put-logo.pdf');
  expect((await readFile((await download.path())!)).subarray(0, 8).toString()).toBe('%PDF-1.7');
  const visitor = await browser.newContext({ baseURL: E2E.baseUrl });
  expect((await visitor.request.get((await delivered.getAttribute('href'))!)).status()).toBe(404);
  await visitor.close();
  const article = 'article[aria-labelledby="gig-title"]';
  await shoot(poster.page, 'gig-delivered-with-files', poster.page.locator(article), article);
  await poster.page.getByRole('button', { name: 'Accept delivery' }).click();
  await expect(poster.page.getByTestId('gig-status')).toHaveText('Completed');

  // Both review; the reviews show once both are in.
  const posterReview = poster.page.getByRole('form', { name: 'Review' });
  await posterReview.getByLabel(/Your rating of/).selectOption('5');
  await posterReview.getByLabel('Your review').fill('Fast, careful and easy to work with.');
  await posterReview.getByRole('button', { name: 'Submit review' }).click();
  await expect(poster.page.getByText('It shows when you have both reviewed')).toBeVisible();
  await talent.page.reload();
  const talentReview = talent.page.getByRole('form', { name: 'Review' });
  await talentReview.getByLabel(/Your rating of/).selectOption('4');
  await talentReview.getByLabel('Your review').fill('A clear brief and quick answers.');
  await talentReview.getByRole('button', { name: 'Submit review' }).click();
  await expect(talent.page.getByText('Fast, careful and easy to work with.')).toBeVisible();

  // The rating shows on the talent's profile.
  await poster.page.goto(`/talent/${talent.id}`);
  await expect(poster.page.getByRole('heading', { name: 'Tunde Bakare' })).toBeVisible();
  await expect(poster.page.getByTestId('talent-rating')).toContainText('5.0 ★ (1)');
  await expect(poster.page.getByTestId('talent-rating')).toContainText('1 completed gig');
  await expect(poster.page.getByTestId('talent-review')).toContainText('Fast, careful and easy to work with.');
});

test('invite to bid: the poster invites a talent; the talent sees it counted and listed, bids, and the profile shows the response time', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const poster = await member(browser, 'Chiamaka Obi');
  const talent = await member(browser, 'Emeka Nwosu');
  await becomeTalent(talent.page);
  const title = `Menu board for a buka ${Date.now().toString(36)}`;
  const posted = await poster.page.evaluate(async (gigTitle) => {
    const res = await fetch('/api/talent/gigs', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        title: gigTitle,
        description: 'A hand-lettered menu board with prices that can be changed weekly.',
        skills: [],
        budgetType: 'fixed',
        budgetMin: 1_500_000,
        budgetMax: 3_000_000,
        currency: 'NGN',
        deadline: null,
      }),
    });
    return { status: res.status, id: ((await res.json()) as { id: string }).id };
  }, title);
  expect(posted.status).toBe(201);

  // The talent is on /gigs while the invitation comes: the badge appears without reloading.
  await talent.page.goto('/gigs');
  await expect(talent.page.getByTestId('invitations-badge')).toHaveCount(0);

  // The poster finds the talent by name and location (kept in the address) and opens their page.
  await poster.page.goto('/talent');
  await poster.page.getByLabel('Search').fill('Emeka Nwosu');
  await poster.page.getByLabel('Location').selectOption({ label: 'Enugu' });
  await expect(poster.page).toHaveURL(/[?&]location=enugu/);
  await poster.page.reload();
  await expect(poster.page.getByLabel('Location')).toHaveValue('enugu');
  await expect(poster.page.locator(`a[href="/talent/${talent.id}"]`).first()).toBeVisible();
  const directory = 'section[aria-labelledby="talent-title"]';
  await shoot(poster.page, 'talent-directory', poster.page.locator(directory), directory);
  await poster.page.locator(`a[href="/talent/${talent.id}"]`).first().click();

  // The poster invites the talent from the talent's page; the gig then shows as invited.
  const form = poster.page.getByRole('form', { name: 'Invite to bid' });
  await form.getByLabel('Your open gig').selectOption({ label: title });
  await form.getByRole('button', { name: 'Invite to bid' }).click();
  await expect(poster.page.getByText(`Emeka Nwosu is invited to bid on "${title}"`)).toBeVisible();
  await expect(form.getByRole('option', { name: `${title} (invited)` })).toBeDisabled();
  await shoot(
    poster.page,
    'invite-to-bid',
    poster.page.locator('article[aria-labelledby="talent-name"]'),
    'article[aria-labelledby="talent-name"]',
  );

  // The talent's Invitations tab counts and lists it, with who invited; Bid opens the gig.
  await expect(talent.page.getByTestId('invitations-badge')).toHaveText('1 waiting');
  await talent.page.getByRole('tab', { name: /Invitations/ }).click();
  const invitation = talent.page.getByTestId('invitation').filter({ hasText: title });
  await expect(invitation).toContainText('Invited by Chiamaka Obi');
  await expect(invitation).toContainText('₦15,000–₦30,000');
  await shoot(
    talent.page,
    'invitations',
    talent.page.locator('section[aria-labelledby="gigs-title"]'),
    'section[aria-labelledby="gigs-title"]',
  );
  await invitation.getByRole('link', { name: `Bid on ${title}` }).click();
  await expect(talent.page).toHaveURL(new RegExp(`/gigs/${posted.id}$`));
  const bid = talent.page.getByRole('form', { name: 'Place a bid' });
  await bid.getByLabel(/Your price/).fill('25000');
  await bid.getByLabel('Days to deliver').fill('4');
  await bid
    .getByLabel('Proposal')
    .fill('I letter signs for shops in Enugu; chalk-style menu board, prices on slide-in strips.');
  await bid.getByRole('button', { name: 'Place bid' }).click();
  await expect(talent.page.getByTestId('bid')).toContainText('Pending');
  await talent.page.goto('/gigs?tab=invitations');
  await expect(talent.page.getByText('Invitations to bid from posters show here.')).toBeVisible();
  await expect(talent.page.getByTestId('invitations-badge')).toHaveCount(0);

  // Their profile shows what the platform knows: no completed gigs yet, one invitation answered.
  await poster.page.goto(`/talent/${talent.id}`);
  const record = poster.page.getByTestId('track-record');
  await expect(record).toContainText('No completed gigs yet');
  await expect(poster.page.getByTestId('response-time')).toHaveText('under an hour (1 invitation)');
  await expect(poster.page.getByText('No certificates from courses here yet.')).toBeVisible();
  await shoot(
    poster.page,
    'talent-track-record',
    poster.page.locator('section[aria-labelledby="talent-record"]'),
    'section[aria-labelledby="talent-record"]',
  );

  // The talent's bell has it; opening it leads to the gig.
  const bell = talent.page.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName(/Notifications, \d+ unread/);
  await bell.click();
  const item = talent.page
    .getByRole('menu', { name: 'Notifications' })
    .getByTestId('notification-item')
    .filter({ hasText: 'You are invited to bid' });
  await expect(item).toContainText(`Chiamaka Obi invited you to bid on "${title}".`);
  await item.click();
  await expect(talent.page).toHaveURL(new RegExp(`/gigs/${posted.id}$`));
  await expect(talent.page.getByRole('heading', { name: title })).toBeVisible();

  // The talent turns new-gig notifications off; their email copy cannot be on without them.
  await talent.page.goto('/profile#notifications');
  const notifyMe = talent.page.getByRole('checkbox', { name: 'New gig posted: notify me' });
  await expect(notifyMe).toBeChecked();
  await notifyMe.click();
  await expect(notifyMe).not.toBeChecked();
  await expect(talent.page.getByRole('checkbox', { name: 'New gig posted', exact: true })).toBeDisabled();
  await talent.page.reload();
  await expect(talent.page.getByRole('checkbox', { name: 'New gig posted: notify me' })).not.toBeChecked();
  await shoot(talent.page, 'notification-preferences', talent.page.locator('#notifications'), '#notifications');
});

test('portfolio gallery: full screen from a thumbnail, arrow keys, Escape back to the thumbnail', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const talent = await member(browser, 'Adaeze Okafor');
  await becomeTalent(talent.page);
  const page = talent.page;
  await page.goto(`/talent/${talent.id}`);
  const form = page.getByRole('form', { name: 'Add to portfolio' });
  await form.getByLabel('Title').fill('Signage for a pharmacy in Onitsha');
  await form
    .getByLabel('Description')
    .fill('Shop front, window lettering and a price board, painted by hand over two weeks.');
  const colours = [
    [30, 110, 90],
    [120, 40, 90],
    [40, 70, 150],
  ] as const;
  for (const [i, [r, g, b]] of colours.entries()) {
    await form.locator('#portfolio-images').setInputFiles({
      name: `sign-${i + 1}.png`,
      mimeType: 'image/png',
      buffer: await picture(i === 1 ? 600 : 1200, 800, r, g, b),
    });
    await expect(form.getByRole('list', { name: 'Chosen images' }).getByRole('listitem')).toHaveCount(i + 1);
  }
  await form.getByRole('button', { name: 'Add to portfolio' }).click();
  const thumbnail = page.getByRole('button', {
    name: 'Open image 2 of 3 of Signage for a pharmacy in Onitsha full screen',
  });
  await thumbnail.click();
  const gallery = page.getByRole('dialog', { name: 'Signage for a pharmacy in Onitsha' });
  await expect(gallery.getByTestId('gallery-counter')).toHaveText('2 of 3');
  await expect(gallery.getByRole('img', { name: 'Signage for a pharmacy in Onitsha, image 2 of 3' })).toBeVisible();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
      await page.screenshot({ path: test.info().outputPath(`portfolio-gallery-${width}-${scheme}.png`) });
    }
  }
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await page.keyboard.press('ArrowRight');
  await expect(gallery.getByTestId('gallery-counter')).toHaveText('3 of 3');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(gallery.getByRole('img', { name: 'Signage for a pharmacy in Onitsha, image 1 of 3' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(gallery).toBeHidden();
  await expect(thumbnail).toBeFocused();
});
