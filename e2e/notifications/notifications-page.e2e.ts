import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { signedUp } from '../support/users';
import { adminApi, tag } from './admin';

test('/notifications pages by 20 with "Load more", filters unread, and marks read', async ({ page }) => {
  await signedUp(page);
  const admin = await adminApi();
  const t = tag();
  for (let i = 1; i <= 23; i++) await admin.broadcast(`Page ${t} #${i}`);
  await admin.dispose();

  await page.goto('/notifications');
  const rows = page.getByTestId('notification-row');
  // Broadcasts reach members through the job queue: the last ones may land after the page loads.
  await expect(page.getByText('You have 23 unread notifications.')).toBeVisible({ timeout: 20_000 });
  await expect(rows).toHaveCount(20);
  await expect(rows.first()).toContainText(`Page ${t} #23`);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(rows).toHaveCount(23);
  await expect(rows.last()).toContainText(`Page ${t} #1`);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await expect(page.getByText('No more notifications.')).toBeVisible();

  // Mark one read: the row and the count change, and the bell agrees.
  await page.getByRole('button', { name: `Mark "Page ${t} #23" as read` }).click();
  await expect(rows.first()).not.toHaveAttribute('data-unread');
  await expect(page.getByText('You have 22 unread notifications.')).toBeVisible();
  await expect(page.getByTestId('notification-bell')).toHaveAccessibleName('Notifications, 22 unread');

  await page.getByRole('tab', { name: /Unread/ }).click();
  await expect(page).toHaveURL(/\?filter=unread$/);
  await expect(rows).toHaveCount(20);
  await expect(rows.first()).toContainText(`Page ${t} #22`);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(rows).toHaveCount(22);

  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations).toEqual([]);

  await page.getByRole('button', { name: 'Mark all read' }).click();
  await expect(page.getByText('You are all caught up')).toBeVisible();
  await expect(page.getByTestId('notification-badge')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mark all read' })).toBeDisabled();

  // Both pages it had loaded come back, now read.
  await page.getByRole('tab', { name: 'All' }).click();
  await expect(rows).toHaveCount(23);
  await expect(page.locator('[data-testid="notification-row"][data-unread]')).toHaveCount(0);
});
