import { expect, test, type Page } from '@playwright/test';
import { signedUp } from '../support/users';

test.use({ viewport: { width: 360, height: 800 } });

/** Screenshots for people to look at (light and dark), under test-results/roles. */
async function shoot(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `test-results/roles/${name}-${scheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test("a member takes on I'm hiring, fills in the company and gets the employer's Dashboard", async ({ page }) => {
  test.setTimeout(90_000);
  await signedUp(page);
  const nav = page.getByTestId('bottom-nav');
  await page.goto('/profile');
  await expect(nav.getByRole('link', { name: 'Talent' })).toBeVisible();

  const hiring = page.getByRole('group', { name: "I'm hiring" });
  await hiring.getByRole('button', { name: 'Take on' }).click();
  await expect(hiring.getByText('Primary role')).toBeVisible();
  // Navigation follows the new primary role at once, without a reload.
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Talent' })).toHaveCount(0);

  const form = hiring.getByRole('form', { name: 'Company details' });
  await form.getByLabel('Company name').fill('Lagos Logistics Ltd');
  await form.getByLabel('Website').fill('https://lagoslogistics.ng');
  await form.getByLabel('Company size').selectOption('11-50');
  await form.getByLabel('About the company').fill('Same-day delivery across Lagos and Ogun.');
  await expect(form.locator('[name="companyName"]')).toHaveValue('Lagos Logistics Ltd');
  await form.getByRole('button', { name: 'Save company' }).click();
  await expect(page.getByText('Details saved')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await shoot(page, 'profile-roles-360');

  // Still there after a reload: held, primary, and the company saved.
  await page.reload();
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('group', { name: "I'm hiring" }).getByText('Primary role')).toBeVisible();
  await page.getByRole('group', { name: "I'm hiring" }).getByRole('button', { name: 'Edit details' }).click();
  await expect(page.getByLabel('Company name')).toHaveValue('Lagos Logistics Ltd');

  // A second role, made primary: the navigation goes back to Talent; hiring stays held.
  const skills = page.getByRole('group', { name: 'Offer my skills' });
  await skills.getByRole('button', { name: 'Take on' }).click();
  await expect(skills.getByText('Taken on')).toBeVisible();
  await skills.getByRole('button', { name: 'Make primary' }).click();
  await expect(nav.getByRole('link', { name: 'Talent' })).toBeVisible();
  await expect(page.getByRole('group', { name: "I'm hiring" }).getByText('Taken on')).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(nav).toBeHidden();
  await shoot(page, 'profile-roles-1280');
});

test('Teach a course says the larger storage waits for the first approved course, before and after taking it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signedUp(page);
  await page.goto('/profile');
  const teach = page.getByRole('group', { name: 'Teach a course' });
  const note = teach.getByText(
    'Your storage is 250.0 MB until an admin approves your first course, then 20.0 GB for course videos.',
  );
  await expect(note).toBeVisible();

  // Taken at once, as before: only the storage waits.
  await teach.getByRole('button', { name: 'Take on' }).click();
  await expect(teach.getByText('Primary role')).toBeVisible();
  await expect(teach.getByRole('link', { name: 'Go to your courses' })).toBeVisible();
  await expect(note).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await teach.scrollIntoViewIfNeeded();
  await shoot(page, 'teach-storage-360');

  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(note).toBeVisible();
  await shoot(page, 'teach-storage-1280');
});
