import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { adminPage } from '../notifications/admin';
import { E2E } from '../support/ports';
import { newPerson, signedUp } from '../support/users';

/** The screen at both widths and both themes, for people to look at; no sideways scrolling, no axe violations. */
async function shoot(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [360, 1280]) {
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

test('an admin finds a job in the console, takes it down with a reason the employer reads, and restores it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const word = `Cassava${randomBytes(3).toString('hex')}`;
  const context = await browser.newContext({ baseURL: E2E.baseUrl, viewport: { width: 1280, height: 900 } });
  const boss = await context.newPage();
  await signedUp(boss, { ...newPerson(), fullName: 'Bola Adeyemi' });
  for (const [path, body] of [
    ['/api/user/roles', { role: 'employer' }],
    [
      '/api/user/roles/employer',
      {
        companyName: `Ibadan Agro ${word}`,
        logoUploadId: null,
        website: '',
        about: 'Farm produce.',
        sizeBand: '11-50',
      },
    ],
    [
      '/api/jobs',
      {
        title: 'Farm manager, pay a registration fee',
        description: 'Pay a fee to be considered for this role.',
        location: 'Ibadan',
        workplace: 'onsite',
        type: 'full_time',
        skills: [],
      },
    ],
  ] as const) {
    const method = path === '/api/user/roles/employer' ? 'PUT' : 'POST';
    const res = await boss.request.fetch(path, { method, data: body, headers: { origin: E2E.baseUrl } });
    expect(res.status(), `${method} ${path} ${await res.text()}`).toBeLessThan(300);
  }

  const admin = await adminPage(browser);
  await admin.getByRole('link', { name: 'Jobs' }).click();
  await admin.getByLabel('Search').fill(word);
  await admin.getByLabel('Status').selectOption('open');
  await admin.getByRole('button', { name: 'Search' }).click();
  await expect(admin).toHaveURL(new RegExp(`q=${word}&status=open`));
  const row = admin.getByTestId('admin-job').filter({ hasText: 'Farm manager' });
  await expect(row).toContainText(`Ibadan Agro ${word}`);
  await expect(row).toContainText('posted by Bola Adeyemi');
  await shoot(admin, 'admin-jobs');

  // The reason is required: an empty one is refused in the dialog, with the field saying why.
  await row.getByRole('button', { name: 'Take down' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Take down "Farm manager, pay a registration fee"?' });
  await dialog.getByRole('button', { name: 'Take down' }).click();
  await expect(dialog.getByText('Tell the employer why (at least 10 characters)')).toBeVisible();
  await dialog.getByLabel('Reason (the employer reads it)').fill('Job posts may not ask applicants for money.');
  await dialog.getByRole('button', { name: 'Take down' }).click();
  await expect(admin.getByText('Job taken down')).toBeVisible();
  await expect(dialog).toBeHidden();

  // It leaves the "open" filter and shows under "taken down".
  await expect(row).toHaveCount(0);
  await admin.getByLabel('Status').selectOption('taken_down');
  await admin.getByRole('button', { name: 'Search' }).click();
  await expect(row.getByTestId('admin-job-status')).toHaveText('Taken down');
  await expect(row).toContainText('Taken down: Job posts may not ask applicants for money.');
  await shoot(admin, 'admin-jobs-taken-down');

  // The employer reads the reason on their dashboard.
  await boss.goto('/jobs/employer');
  await expect(boss.getByText('Taken down: Job posts may not ask applicants for money.')).toBeVisible();

  await row.getByRole('button', { name: 'Restore' }).click();
  await expect(admin.getByText('Job restored')).toBeVisible();
  await expect(row).toHaveCount(0);
  await admin.goto(`/admin/dashboard/jobs?q=${word}`);
  await expect(row.getByTestId('admin-job-status')).toHaveText('Closed');
  await boss.reload();
  await expect(boss.getByText('Taken down: Job posts may not ask applicants for money.')).toBeHidden();
});
