import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { E2E } from '../support/ports';
import { signedUp } from '../support/users';

async function expectAccessible(page: Page) {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations).toEqual([]);
}

/** A member signed in in a browser of their own, an adult for the money steps (decision 020). */
async function member(browser: Browser) {
  const context = await browser.newContext({ baseURL: E2E.baseUrl });
  const page = await context.newPage();
  const person = await signedUp(page);
  const dob = await context.request.put('/api/user/date-of-birth', { data: { dateOfBirth: '1990-01-01' } });
  expect(dob.status(), await dob.text()).toBe(200);
  return { context, page, person };
}

/** The admin signed in on /admin/dashboard in a browser of its own (argon2 under a loaded machine takes seconds). */
async function adminPage(browser: Browser) {
  const context = await browser.newContext({ baseURL: E2E.baseUrl, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto('/admin');
  await page.getByLabel('Email').fill(E2E.admin.email);
  await page.getByLabel('Password').fill(E2E.admin.password);
  await page.getByRole('button', { name: /sign in|log in/i }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 30_000 });
  return page;
}

test('apply, approval, a plan, a paid subscription with the test gateway, and both dashboards', async ({ browser }) => {
  test.setTimeout(150_000);
  const tag = randomBytes(3).toString('hex');
  const company = `Kolanut${tag}`;
  const planName = `Career sprint ${tag}`;

  // A member applies to mentor.
  const mentor = await member(browser);
  await mentor.page.goto('/mentorship');
  await mentor.page.getByRole('link', { name: 'Become a mentor' }).click();
  await expect(mentor.page).toHaveURL(/\/mentorship\/mentor\/apply$/);
  const form = mentor.page.getByRole('form', { name: 'Mentor application' });
  const expertise = form.getByRole('combobox', { name: 'Areas of expertise' });
  await expertise.fill('js');
  await expect(mentor.page.getByRole('option', { name: 'JavaScript' })).toBeVisible();
  await expertise.press('Enter');
  await form.locator('input[name="yearsExperience"]').fill('7');
  await form.locator('input[name="currentRole"]').fill('Engineering manager');
  await form.locator('input[name="company"]').fill(company);
  await form
    .locator('textarea[name="bio"]')
    .fill(`I lead engineers at ${company} and have mentored twenty developers in Lagos.`);
  await form.locator('input[name="linkUrl"]').fill('https://www.linkedin.com/in/e2e-mentor');
  await form.locator('textarea[name="motivation"]').fill('I want to help more Nigerians into tech careers.');
  await expectAccessible(mentor.page);
  await form.getByRole('button', { name: 'Send application' }).click();
  await expect(mentor.page).toHaveURL(/\/mentorship$/);
  await mentor.page.goto('/mentorship/mentor-application');
  await expect(mentor.page.getByText('is waiting for review')).toBeVisible();

  // The admin approves it from the console's queue of mentor applications.
  const admin = await adminPage(browser);
  await admin.goto('/admin/dashboard/queues/mentors');
  const application = admin.getByRole('listitem').filter({ hasText: company });
  await expect(application).toBeVisible();
  await application.getByLabel('Note to the applicant').fill('Welcome aboard');
  await application.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByRole('listitem').filter({ hasText: company })).toHaveCount(0);
  await admin.context().close();

  // The new mentor publishes a plan.
  await mentor.page.goto('/mentor/dashboard');
  await expect(mentor.page.getByRole('heading', { level: 1, name: 'Mentor dashboard' })).toBeVisible();
  await mentor.page.getByRole('button', { name: 'New plan' }).click();
  const planForm = mentor.page.getByRole('form', { name: 'New plan' });
  await planForm.locator('input[name="name"]').fill(planName);
  await planForm.locator('input[name="price"]').fill('20000');
  await planForm.locator('input[name="sessionsPerMonth"]').fill('2');
  await planForm.locator('select[name="sessionMinutes"]').selectOption('45');
  await planForm.locator('textarea[name="features"]').fill('CV review\nMock interviews');
  await planForm.getByRole('button', { name: 'Create plan' }).click();
  await expect(mentor.page.getByRole('group', { name: planName })).toContainText('₦20,000 / month');

  // A mentee finds the mentor, subscribes and pays on the test gateway's page.
  const mentee = await member(browser);
  await mentee.page.goto('/mentorship/mentor');
  await mentee.page.getByRole('searchbox', { name: 'Search' }).fill(company);
  await mentee.page.getByRole('button', { name: 'Search' }).click();
  // The card names the skill as the vocabulary does, never by its slug.
  const expertiseChips = mentee.page.getByRole('list', { name: `Expertise of ${mentor.person.fullName}` });
  await expect(expertiseChips.getByRole('listitem')).toHaveText(['JavaScript']);
  await mentee.page.getByRole('link', { name: mentor.person.fullName }).first().click();
  await expect(mentee.page.getByRole('heading', { level: 1, name: mentor.person.fullName })).toBeVisible();
  await expect(mentee.page.getByText(`Engineering manager at ${company}`)).toBeVisible();
  await expectAccessible(mentee.page);
  await mentee.page.getByRole('button', { name: `Subscribe: ${planName}` }).click();
  await expect(mentee.page).toHaveURL(/\/payments\/test-checkout\/[^/]+$/);
  await expect(mentee.page.getByTestId('checkout-amount')).toHaveText('₦20,000');
  await mentee.page.getByRole('button', { name: 'Pay now' }).click();

  // Back on the mentee dashboard: the subscription with its renewal date.
  await expect(mentee.page).toHaveURL(/\/mentorship\/mentee\?/);
  const subscription = mentee.page.getByTestId(/^subscription-/).filter({ hasText: planName });
  await expect(subscription).toContainText('Active');
  await expect(subscription).toContainText('Renews on');
  await expect(mentee.page.getByRole('link', { name: mentor.person.fullName })).toBeVisible();
  await expectAccessible(mentee.page);

  // And on the mentor's: the subscriber and the earnings.
  await mentor.page.reload();
  await expect(mentor.page.getByTestId(/^subscription-/).filter({ hasText: planName })).toContainText(
    mentee.person.fullName,
  );
  await expect(mentor.page.getByRole('group', { name: planName })).toContainText('1 subscriber');
  await expect(mentor.page.getByRole('img', { name: /Bar chart of net mentoring earnings/ })).toBeVisible();
  await expect(mentor.page.getByText('₦20,000').first()).toBeVisible();
  await expectAccessible(mentor.page);

  await mentor.context.close();
  await mentee.context.close();
});
