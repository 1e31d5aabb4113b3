import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { TOTP } from 'otpauth';
import { adminApi } from '../notifications/admin';
import { mailedLink } from '../support/mail';
import { newPerson, PASSWORD } from '../support/users';

/** The page at both widths and both themes, for people to look at; no sideways scrolling, no axe violations. */
async function shoot(page: Page, name: string, widths = [360, 1280]) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: test.info().outputPath(`${name}-${width}-${scheme}.png`), fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
  }
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A second admin of the test's own, invited by the bootstrap admin (which keeps its plain login). */
async function newAdmin() {
  const { email } = newPerson();
  const api = await adminApi();
  expect((await api.post('/api/admin/invitations', { data: { email } })).status()).toBe(201);
  const token = new URL(await mailedLink(email, '/admin/invitation?token=')).searchParams.get('token');
  expect((await api.post('/api/admin-invitations/accept', { data: { token, password: PASSWORD } })).status()).toBe(200);
  await api.dispose();
  return { email, password: PASSWORD };
}

async function passwordStep(page: Page, admin: { email: string; password: string }) {
  await page.goto('/admin');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('an admin turns on two-factor, logs out, and signs in with the password then the code', async ({ page }) => {
  test.setTimeout(120_000);
  const admin = await newAdmin();
  await passwordStep(page, admin);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // The standing prompt leads to the security page.
  const prompt = page.getByRole('region', { name: 'Two-factor authentication' });
  await expect(prompt).toBeVisible();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await prompt.screenshot({ path: test.info().outputPath(`prompt-1280-${scheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await prompt.getByRole('link', { name: 'Turn it on' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/security$/);
  await expect(page.getByRole('heading', { name: 'Security' })).toBeVisible();
  await shoot(page, 'security-off');

  await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
  const key = page.getByRole('textbox', { name: 'Setup key' });
  await expect(key).toBeVisible();
  const secret = (await key.inputValue()).replace(/\s/g, '');
  await expect(page.getByRole('textbox', { name: 'Link for authenticator apps' })).toHaveValue(
    new RegExp(`^otpauth://totp/.*secret=${secret}`),
  );
  await shoot(page, 'security-setup');
  const totp = new TOTP({ secret });

  await page.getByLabel('Code from the app').fill(totp.generate({ timestamp: Date.now() + 10 * 30_000 }));
  await page.getByRole('button', { name: 'Turn on', exact: true }).click();
  await expect(page.getByText('That code is not right')).toBeVisible();
  await page.getByLabel('Code from the app').fill(totp.generate());
  await page.getByRole('button', { name: 'Turn on', exact: true }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await shoot(page, 'security-recovery-codes');
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('Recovery codes left: 10 of 10.')).toBeVisible();
  await page.getByRole('link', { name: 'Overview' }).click();
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(prompt).toBeHidden();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin$/);

  await passwordStep(page, admin);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  // The admin login is desktop only (below 1024 px it says so instead of showing a form).
  await shoot(page, 'login-code', [1280]);
  // The next step's code: the one that turned two-factor on may still be current, and a code works once.
  await page.getByLabel('Authentication code').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
});
