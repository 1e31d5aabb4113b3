import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { adminApi, uniqueTitle } from '../courses/support';
import { publishPaidCourse, PRICE_TEXT } from '../payments/support';
import { mailedLink } from '../support/mail';
import { E2E } from '../support/ports';
import { newPerson, signedUp } from '../support/users';

/** Screenshots to look at: 360 and 1280 px, light and dark (test-results/privacy). */
const SHOTS = 'test-results/privacy';
async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => document.documentElement.classList.toggle('dark', t === 'dark'), theme);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SHOTS}/${name}-${width}-${theme}.png`, fullPage: true });
    }
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** yyyy-mm-dd for someone who turned `years` a month ago. */
function bornYearsAgo(years: number): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCMonth(d.getUTCMonth() - 1);
  return d.toISOString().slice(0, 10);
}

test('a 16-year-old is asked their date of birth at checkout, waits for their guardian, and buys once the guardian consents', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // A tutor (an adult) sells a paid course.
  const tutorContext = await browser.newContext({ baseURL: E2E.baseUrl });
  const tutorPage = await tutorContext.newPage();
  await signedUp(tutorPage);
  await tutorContext.request.post('/api/user/become-tutor');
  await tutorContext.request.put('/api/user/date-of-birth', { data: { dateOfBirth: '1985-05-05' } });
  const admin = await adminApi();
  const title = uniqueTitle('Drawing for beginners');
  const courseId = await publishPaidCourse(tutorContext.request, admin, title);
  await admin.dispose();
  await tutorContext.close();

  const learner = await signedUp(page, { ...newPerson(), fullName: 'Adaeze Nwosu' });
  await page.goto(`/courses/course-detail/${courseId}`);
  await page.getByRole('button', { name: `Buy for ${PRICE_TEXT}` }).click();

  const dialog = page.getByRole('dialog', { name: 'Before you pay or sell' });
  await expect(dialog.getByLabel('Date of birth')).toBeVisible();
  await shoot(page, 'date-of-birth');
  await dialog.getByLabel('Date of birth').fill(bornYearsAgo(16));
  await dialog.getByRole('button', { name: 'Continue' }).click();

  await expect(dialog.getByText('Under 18 needs parent or guardian consent')).toBeVisible();
  const guardianEmail = `guardian_${learner.username}@example.com`;
  await dialog.getByLabel("Parent's or guardian's full name").fill('Chidi Nwosu');
  await dialog.getByLabel("Parent's or guardian's email").fill(guardianEmail);
  await dialog.getByRole('button', { name: 'Send the consent link' }).click();
  await expect(dialog.getByText('Waiting for your parent or guardian')).toBeVisible();
  await expect(dialog.getByText(`We mailed Chidi Nwosu at ${guardianEmail}`)).toBeVisible();
  await shoot(page, 'waiting-for-guardian');

  // The guardian opens the mailed link in their own browser, with no account.
  const guardianContext = await browser.newContext({ baseURL: E2E.baseUrl });
  const guardian = await guardianContext.newPage();
  await guardian.goto(await mailedLink(guardianEmail, '/guardian-consent?token=', 20_000));
  await expect(guardian.getByRole('heading', { name: 'Consent for Adaeze Nwosu' })).toBeVisible();
  await shoot(guardian, 'guardian-page');
  await guardian.getByRole('button', { name: 'Give my consent' }).click();
  await expect(guardian.getByText('Tick the box to give your consent')).toBeVisible();
  await guardian.getByLabel('I am Chidi Nwosu, the parent or guardian of Adaeze Nwosu, and I give my consent.').check();
  await guardian.getByRole('button', { name: 'Give my consent' }).click();
  await expect(guardian.getByText('Thank you: consent recorded')).toBeVisible();
  await guardianContext.close();

  // The learner's window learns of it by itself, and the checkout goes on.
  await expect(dialog.getByText('Chidi Nwosu gave their consent.')).toBeVisible({ timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/payments\/test-checkout\/[^/]+$/);
  await expect(page.getByTestId('checkout-description')).toContainText(title);
});

test('a member downloads their data and schedules, then cancels, the deletion of their account from the Privacy section', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const person = await signedUp(page);
  await page.goto('/profile');
  const privacy = page.getByRole('region', { name: 'Privacy' });
  await privacy.getByRole('button', { name: 'Download my data' }).click();
  await expect(privacy.getByText('Preparing your data…')).toBeVisible();
  const download = privacy.getByRole('link', { name: 'Download ZIP' });
  await expect(download).toBeVisible({ timeout: 20_000 });
  await expect(privacy.getByText(/Ready\. The link works until/)).toBeVisible();
  const zip = await page.request.get((await download.getAttribute('href'))!);
  expect(zip.status()).toBe(200);
  expect(zip.headers()['content-type']).toBe('application/zip');

  await privacy.getByRole('button', { name: 'Delete my account…' }).click();
  await privacy.getByLabel('Your password').fill('not-my-password');
  await privacy.getByRole('button', { name: 'Delete my account', exact: true }).click();
  await expect(privacy.getByText('That password is not right')).toBeVisible();
  await privacy.getByLabel('Your password').fill(person.password);
  await privacy.getByRole('button', { name: 'Delete my account', exact: true }).click();
  await expect(privacy.getByTestId('deletion-scheduled')).toContainText('Your account will be deleted on');
  await shoot(page, 'privacy-section');

  await privacy.getByRole('button', { name: 'Cancel deletion' }).click();
  await expect(privacy.getByText('Deletion cancelled: your account stays.')).toBeVisible();
  await page.reload();
  await expect(privacy.getByTestId('deletion-scheduled')).toHaveCount(0);
});
