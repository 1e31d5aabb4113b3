import { expect, test } from '@playwright/test';
import { E2E } from '../support/ports';

test('admin login reaches the dashboard; a wrong password shows the message', async ({ page }) => {
  await page.goto('/admin');
  await page.getByLabel('Email').fill(E2E.admin.email);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: /sign in|log in/i }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();

  await page.getByLabel('Password').fill(E2E.admin.password);
  await page.getByRole('button', { name: /sign in|log in/i }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  // The console opens on its overview (issue 16).
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  // No member header on admin paths.
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
});

test('below 1024 px the admin login asks for a desktop', async ({ page }) => {
  await page.setViewportSize({ width: 900, height: 800 });
  await page.goto('/admin');
  await expect(page.getByText('Desktop Required')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveCount(0);
});

test('a visitor cannot open the admin dashboard', async ({ page }) => {
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin$/);
});
