import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { newPerson, signedUp } from '../support/users';

/** A photo-like picture, wider than tall, that the server crops square. */
const photo = () =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 30, g: 110, b: 90 } } })
    .composite([
      {
        input: Buffer.from('<svg width="300" height="300"><circle cx="150" cy="150" r="140" fill="#f5c26b"/></svg>'),
        left: 300,
        top: 150,
      },
    ])
    .png()
    .toBuffer();

/** The page at both widths and both themes, for people to look at. */
async function shoot(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: test.info().outputPath(`${name}-${width}-${scheme}.png`), fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a member edits their profile with a picture and skills, and another member sees it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const ada = await signedUp(page, { ...newPerson(), fullName: 'Adaeze Okafor' });
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Profile', level: 2 })).toBeVisible();

  // The picture saves as soon as it is uploaded, with a progress bar meanwhile.
  await page.locator('#profile-avatar').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await photo() });
  await expect(page.getByText('Profile picture saved')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove picture' })).toBeVisible();

  const form = page.getByRole('form', { name: 'Profile' });
  await form.locator('input[name="headline"]').fill('Tailor and frontend developer in Enugu');
  await form.locator('textarea[name="bio"]').fill('I make **bespoke** agbada and build web shops for tailors.');
  await form.locator('select[name="location"]').selectOption('enugu');
  await form.locator('input[name="links.website"]').fill('https://adaeze.example.ng');
  await form.getByLabel('Igbo').check();

  // The typeahead: a synonym, keyboard choice, an accent-free search, Backspace, and a new skill.
  const skills = form.getByRole('combobox', { name: 'Skills' });
  await skills.fill('js');
  await expect(page.getByRole('option', { name: 'JavaScript' })).toBeVisible();
  await skills.press('Enter');
  await skills.fill('yoru');
  await expect(page.getByRole('option', { name: 'Yorùbá teaching' })).toBeVisible();
  await skills.press('ArrowDown');
  await skills.press('ArrowUp');
  await skills.press('Enter');
  await skills.fill('tailor');
  await expect(page.getByRole('option', { name: 'Tailoring' })).toBeVisible();
  await skills.press('Enter');
  const chosen = form.getByRole('list', { name: 'Chosen skills' });
  await expect(chosen.getByRole('listitem')).toHaveText(['JavaScript', 'Yorùbá teaching', 'Tailoring']);
  await skills.press('Backspace');
  await expect(chosen.getByRole('listitem')).toHaveText(['JavaScript', 'Yorùbá teaching']);
  await skills.fill('Adire tie dye bags');
  await page.getByRole('option', { name: 'Add “Adire tie dye bags” as a new skill' }).click();
  await expect(chosen.getByRole('listitem')).toHaveText(['JavaScript', 'Yorùbá teaching', 'adire tie dye bags']);
  await expect(form.locator('input[type="hidden"][name="skills"]')).toHaveCount(3);

  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();
  const axe = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations).toEqual([]);
  await shoot(page, 'settings');
  // The section nav on a phone, as the page opens.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(
    page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Notifications' }),
  ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('settings-360-top.png') });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Another member, in a browser of their own, opens the public profile.
  const other = await browser.newContext();
  const them = await other.newPage();
  await signedUp(them);
  await them.goto(`/u/${ada.username}`);
  await expect(them.getByRole('heading', { name: 'Adaeze Okafor', level: 1 })).toBeVisible();
  await expect(them.getByText('Tailor and frontend developer in Enugu')).toBeVisible();
  await expect(them.getByText('Enugu', { exact: true })).toBeVisible();
  await expect(them.getByRole('list', { name: 'Skills' }).getByRole('listitem')).toHaveText([
    'JavaScript',
    'Yorùbá teaching',
    'adire tie dye bags',
  ]);
  await expect(them.locator('strong', { hasText: 'bespoke' })).toBeVisible();
  const site = them.getByRole('link', { name: /adaeze\.example\.ng/ });
  await expect(site).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
  const avatar = them.locator('article img').first();
  await expect(avatar).toHaveAttribute('src', /-128w\.webp$/);
  expect(await avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === img.naturalHeight)).toBe(
    true,
  );
  await expect(them.getByRole('link', { name: 'Edit profile' })).toHaveCount(0);
  const axePublic = await new AxeBuilder({ page: them }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axePublic.violations).toEqual([]);
  await shoot(them, 'public');

  await them.goto('/u/nobody_by_this_name');
  await expect(them.getByRole('heading', { name: 'This profile is not available' })).toBeVisible();
  await other.close();
});
