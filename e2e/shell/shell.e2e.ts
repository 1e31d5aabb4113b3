import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { E2E } from '../support/ports';
import { logIn, registerAndVerify } from '../support/users';

test('mobile: side menu and bottom navigation', async ({ page }) => {
  const person = await registerAndVerify(page);
  await page.setViewportSize({ width: 375, height: 740 });
  await logIn(page, person);
  const bottom = page.getByTestId('bottom-nav');
  await expect(bottom).toBeVisible();
  await expect(bottom.getByRole('link')).toHaveText(['Home', 'Courses', 'Jobs', 'Talent', 'Profile']);
  await bottom.getByRole('link', { name: 'Jobs' }).click();
  await expect(page).toHaveURL(`${E2E.baseUrl}/jobs`);
  await expect(bottom.getByRole('link', { name: 'Jobs' })).toHaveAttribute('aria-current', 'page');

  // The top nav moves into a side menu under 768 px.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByTestId('side-menu');
  await menu.getByRole('link', { name: 'Mentorship' }).click();
  await expect(page).toHaveURL(`${E2E.baseUrl}/mentorship`);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
});

test('theme: dark is kept in localStorage and applied before paint on reload', async ({ page }) => {
  await page.goto('/auth');
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  const person = await registerAndVerify(page);
  await logIn(page, person);
  await page.getByTestId('theme-switcher').click();
  await page.getByRole('menuitemradio', { name: 'Light' }).click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.getByTestId('theme-switcher').click();
  await page.getByRole('menuitemradio', { name: 'System' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
});

test('unknown paths show the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText(/404|not found/i).first()).toBeVisible();
});

test('a visitor is sent to /auth and back where they were going after login', async ({ page }) => {
  const person = await registerAndVerify(page);
  await page.goto('/jobs/seeker');
  await expect(page).toHaveURL(/\/auth/);
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Username').fill(person.username);
  await form.getByLabel('Password', { exact: true }).fill(person.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${E2E.baseUrl}/jobs/seeker`);
});

test('the auth page and home have no accessibility violations', async ({ page }) => {
  await page.goto('/auth');
  const auth = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(auth.violations).toEqual([]);
  const person = await registerAndVerify(page);
  await logIn(page, person);
  const home = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(home.violations).toEqual([]);
});

test('deep links load the app while unknown API paths stay JSON', async ({ request }) => {
  const root = await request.get('/');
  expect(root.status()).toBe(200);
  expect(root.headers()['content-type']).toContain('text/html');
  const deep = await request.get('/courses/course-detail/abc');
  expect(deep.status()).toBe(200);
  expect(deep.headers()['content-type']).toContain('text/html');
  const api = await request.get('/api/no-such-thing');
  expect(api.status()).toBe(404);
  expect(await api.json()).toMatchObject({ code: 'NOT_FOUND', error: expect.any(String) });
});
