import { expect, test, type Page } from '@playwright/test';
import { mailedLink } from '../support/mail';
import { logIn, registerAndVerify } from '../support/users';

const SHOTS = 'test-results/security-section';

/** The "Account security" section of /profile, once its sessions have loaded. */
async function openSecurity(page: Page) {
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Account security' });
  await expect(section.getByText('This device')).toBeVisible();
  return section;
}

test('logging out another session from the sessions list ends it in that browser', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const person = await registerAndVerify(page);
  await logIn(page, person);

  const phone = await browser.newContext({
    userAgent:
      'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  });
  const phonePage = await phone.newPage();
  await logIn(phonePage, person);
  await phonePage.goto('/profile');
  await expect(phonePage.getByRole('heading', { name: 'Account security' })).toBeVisible();

  const section = await openSecurity(page);
  const phoneRow = section.getByRole('listitem').filter({ hasText: 'Chrome on Android 13' });
  await expect(phoneRow).toBeVisible();
  await expect(phoneRow.getByText('Last seen Just now')).toBeVisible();
  await phoneRow.getByRole('button', { name: 'Log out Chrome on Android 13' }).click();
  await expect(page.getByText('Session logged out')).toBeVisible();
  await expect(phoneRow).toHaveCount(0);

  // The other browser's next navigation finds its session gone.
  await phonePage.goto('/profile');
  await expect(phonePage).toHaveURL(/\/auth/);
  await expect(phonePage.getByRole('form', { name: 'Login' })).toBeVisible();
  await phone.close();

  // This browser is still signed in.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Account security' })).toBeVisible();
});

test('changing the password and the email from the section; screenshots at 360 and 1280 px, light and dark', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const person = await registerAndVerify(page);
  await logIn(page, person);
  const other = await browser.newContext();
  await logIn(await other.newPage(), person);

  let section = await openSecurity(page);
  await section.locator('input[name="currentPassword"]').fill('not-my-password');
  await section.locator('input[name="newPassword"]').fill('Harmattan-Wind-77');
  await section.locator('input[name="confirmPassword"]').fill('Harmattan-Wind-77');
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(section.getByText('That password is not right')).toBeVisible();
  await section.locator('input[name="currentPassword"]').fill(person.password);
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(section.getByText('Password changed. Your other sessions have been logged out.')).toBeVisible();
  await other.close();

  const newEmail = `moved_${person.username}@example.com`;
  await section.locator('input[name="newEmail"]').fill(newEmail);
  await section.locator('input[name="password"]').fill('Harmattan-Wind-77');
  await section.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(section.getByText(`Waiting for confirmation of ${newEmail}`)).toBeVisible();

  // A second session, so the list shows a "Log out" row in the screenshots.
  const laptop = await browser.newContext({
    userAgent:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
  });
  await logIn(await laptop.newPage(), { username: person.username, password: 'Harmattan-Wind-77' });
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate((t) => localStorage.setItem('theme', t), theme);
      section = await openSecurity(page);
      await section.screenshot({ path: `${SHOTS}/${theme}-${width}.png` });
    }
  }
  await laptop.close();

  await section.getByRole('button', { name: 'Log out all other sessions' }).click();
  await page.getByRole('button', { name: 'Log out others' }).click();
  await expect(page.getByText('1 other session logged out')).toBeVisible();

  await page.goto(await mailedLink(newEmail, '/confirm-email?token='));
  await expect(page.getByText(`Your account now uses ${newEmail}.`)).toBeVisible();
  await page.getByRole('link', { name: 'Go to profile' }).click();
  await expect(page.getByText(newEmail).first()).toBeVisible();
});
