import { expect, test } from '@playwright/test';
import { RESET_LINK_INVALID, VERIFY_LINK_INVALID } from '#shared/auth/auth.schemas';
import { mailedLink } from '../support/mail';
import { newPerson, registerAndVerify } from '../support/users';

/** Mail apps wrap long links: a person who opens half of one is told what happened and how to get another. */
test('a reset link cut short says it is invalid or expired, and offers a new one that works', async ({ page }) => {
  const person = await registerAndVerify(page);
  await page.goto('/reset-password');
  await page.getByLabel('Email').fill(person.email);
  await page.getByRole('button', { name: /send/i }).click();
  await expect(page.getByText('Reset link sent')).toBeVisible();

  const link = await mailedLink(person.email, '/reset-password?token=');
  await page.goto(link.slice(0, link.length - 15)); // the end of the link wrapped onto the next line
  await expect(page.getByText(RESET_LINK_INVALID)).toBeVisible();
  await expect(page.getByText('Reset token is missing.')).toHaveCount(0);

  await page.getByRole('link', { name: 'Request a new link' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByLabel('Email').fill(person.email);
  await page.getByRole('button', { name: /send/i }).click();
  await expect(page.getByText('Reset link sent')).toBeVisible();
  await expect.poll(() => mailedLink(person.email, '/reset-password?token=')).not.toBe(link);
  await page.goto(await mailedLink(person.email, '/reset-password?token='));
  await page.getByLabel('New password', { exact: true }).fill('Fresh-Start-2026');
  await page.getByLabel('Confirm new password').fill('Fresh-Start-2026');
  await page.getByRole('button', { name: /reset/i }).click();
  await expect(page.getByRole('heading', { name: 'Password reset' })).toBeVisible();
});

test('a verification link cut short says it is invalid or expired, beside the form for a new one', async ({ page }) => {
  const person = newPerson();
  const res = await page.request.post('/api/register', { data: { ...person, agreeToTerms: true, role: 'general' } });
  expect(res.status()).toBe(201);
  const link = await mailedLink(person.email, '/api/verify-email/direct?token=');
  await page.goto(link.slice(0, link.length - 15));
  await expect(page.getByText('Verification Failed')).toBeVisible();
  await expect(page.getByText(VERIFY_LINK_INVALID)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend verification email' })).toBeVisible();
});
