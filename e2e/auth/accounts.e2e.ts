import { expect, test } from '@playwright/test';
import { mailedLink } from '../support/mail';
import { E2E } from '../support/ports';
import { logIn, newPerson, registerAndVerify } from '../support/users';

test('register, verify by mail, log in, walk the navigation, log out', async ({ page }) => {
  const person = newPerson();
  await page.goto('/auth?tab=register');
  // The spec's validation messages, shown under the fields.
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
  await expect(page.getByText('You must agree to the Terms and Conditions and Privacy Policy')).toBeVisible();

  await registerAndVerify(page, person);
  await page.getByRole('button', { name: 'Go to Login' }).click();
  await expect(page).toHaveURL(/\/auth/);

  // Wrong password first: the spec's toast.
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Username').fill(person.username);
  await form.getByLabel('Password', { exact: true }).fill('Not-My-Password-1');
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Login failed')).toBeVisible();
  await expect(page.getByText('Invalid credentials')).toBeVisible();

  await logIn(page, person);
  await expect(page).toHaveURL(`${E2E.baseUrl}/`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Chiamaka');

  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [label, path] of [
    ['Courses', '/courses'],
    ['Jobs', '/jobs'],
    ['Mentorship', '/mentorship'],
    ['Talent', '/talent'],
    ['Home', '/'],
  ]) {
    await nav.getByRole('link', { name: label }).click();
    await expect(page).toHaveURL(`${E2E.baseUrl}${path}`);
    await expect(nav.getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
    // Every area of the main navigation is built: each shows its own page heading.
    if (path !== '/') await expect(page.getByRole('heading', { level: 1, name: label, exact: true })).toBeVisible();
  }

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/auth/);
});

test('an unverified account is told to verify; a logged-in user on /auth goes home', async ({ page }) => {
  const person = newPerson();
  const res = await page.request.post('/api/register', {
    data: { ...person, agreeToTerms: true, role: 'general' },
  });
  expect(res.status()).toBe(201);
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Username').fill(person.username);
  await form.getByLabel('Password', { exact: true }).fill(person.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Please verify your email before logging in.')).toBeVisible();

  await page.goto(await mailedLink(person.email, 'token='));
  await logIn(page, person);
  await page.goto('/auth');
  await expect(page).toHaveURL(`${E2E.baseUrl}/`);
});

test('reset a forgotten password by mail', async ({ page }) => {
  const person = await registerAndVerify(page);
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot Password' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByLabel('Email').fill(person.email);
  await page.getByRole('button', { name: /send/i }).click();
  await expect(page.getByText('Reset link sent')).toBeVisible();

  const link = await mailedLink(person.email, '/reset-password?token=');
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('Fresh-Start-2026');
  await page.getByLabel('Confirm new password').fill('Fresh-Start-2027');
  await page.getByRole('button', { name: /reset/i }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm new password').fill('Fresh-Start-2026');
  await page.getByRole('button', { name: /reset/i }).click();
  await expect(page.getByRole('heading', { name: 'Password reset' })).toBeVisible();

  await logIn(page, { username: person.username, password: 'Fresh-Start-2026' });
  // The link works once.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('Another-Start-2026');
  await page.getByLabel('Confirm new password').fill('Another-Start-2026');
  await page.getByRole('button', { name: /reset/i }).click();
  await expect(page.getByText(/invalid, used or expired/)).toBeVisible();
});

test('a reset link without a token says so', async ({ page }) => {
  await page.goto('/reset-password?token=');
  await expect(page.getByText('Reset token is missing.')).toBeVisible();
});

test('verify-email without a token explains what to do', async ({ page }) => {
  await page.goto('/verify-email');
  await expect(page.getByText('Verification Failed')).toBeVisible();
  await expect(page.getByText('Missing verification token. Please check your email link and try again.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back to Login' })).toBeVisible();
});
