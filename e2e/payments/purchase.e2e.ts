import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { E2E } from '../support/ports';
import { buyViaApi, money, PRICE_MINOR, PRICE_TEXT, test } from './support';

async function expectAccessible(page: Page) {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations).toEqual([]);
}

const coursePage = (id: string) => `/courses/course-detail/${id}`;

test('a learner buys a paid course with the test gateway and lands in the player', async ({ page, browser, shop }) => {
  test.setTimeout(90_000);
  const course = await shop.course('Poultry for profit');
  const grossBefore = await shop.grossMinor();

  await page.goto(coursePage(course.id));
  await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
  await expect(page.getByText('Payments are coming soon')).toHaveCount(0);
  await page.getByRole('button', { name: `Buy for ${PRICE_TEXT}` }).click();

  // The built-in test checkout: plainly a test, with what is bought and for how much.
  await expect(page).toHaveURL(/\/payments\/test-checkout\/[^/]+$/);
  await expect(page.getByTestId('test-payment-badge')).toHaveText('Test payment');
  await expect(
    page.getByText('This is a test payment: no money moves and no card is needed.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByTestId('checkout-description')).toContainText(course.title);
  await expect(page.getByTestId('checkout-amount')).toHaveText(PRICE_TEXT);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Pay now' }).click();

  await expect(page).toHaveURL(new RegExp(`/courses/${course.id}/payment/success\\?`));
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByText('Thank you for your purchase!')).toBeVisible();
  await expect(page.getByText('You have been successfully enrolled in the course.')).toBeVisible();
  await expect(page.getByText('You have been enrolled in the course.')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Go to Course' }).click();
  // The player then puts the lesson it opened in the URL (course-player-page.tsx): either may be seen.
  await expect(page).toHaveURL(new RegExp(`/courses/${course.id}/learn(\\?lesson=[^&]+)?$`));
  await expect(page.getByRole('heading', { level: 2, name: 'Welcome to the course' })).toBeVisible();

  // The course page now offers to continue rather than to buy.
  await page.goto(coursePage(course.id));
  await expect(page.getByRole('link', { name: 'Continue learning' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Buy for/ })).toHaveCount(0);

  // My learning lists the purchase.
  await page.goto('/courses/student');
  const purchase = page.getByTestId('purchase').filter({ hasText: course.title });
  await expect(purchase).toContainText(PRICE_TEXT);
  await expect(purchase.getByTestId('purchase-status')).toHaveText('Paid');

  // The tutor sees the sale in their revenue: gross, the 10 % fee and net.
  const tutorContext = await browser.newContext({ baseURL: E2E.baseUrl, storageState: shop.tutor.state });
  const tutor = await tutorContext.newPage();
  await tutor.goto('/courses/tutor');
  const revenue = tutor.getByTestId('revenue-NGN');
  const gross = grossBefore + PRICE_MINOR;
  await expect(revenue).toContainText(`Gross sales${money(gross)}`);
  await expect(revenue).toContainText(`Platform fee (10%)${money(gross / 10)}`);
  await expect(revenue).toContainText(`Net earnings${money(gross - gross / 10)}`);
  await expect(tutor.getByRole('img', { name: /Bar chart of net earnings/ })).toBeVisible();
  await expect(tutor.getByRole('table', { name: 'Revenue by month' }).getByTestId('revenue-month')).toHaveCount(12);
  await expectAccessible(tutor);
  await tutorContext.close();
});

test('the cancel path: nothing is charged, and both links lead on', async ({ page, shop }) => {
  const course = await shop.course('Tailoring basics');

  await page.goto(coursePage(course.id));
  await page.getByRole('button', { name: `Buy for ${PRICE_TEXT}` }).click();
  await expect(page).toHaveURL(/\/payments\/test-checkout\//);
  await page.getByRole('button', { name: 'Cancel' }).click();

  await expect(page).toHaveURL(`${E2E.baseUrl}/courses/${course.id}/payment/cancel`);
  await expect(page.getByText('Your payment process was cancelled.')).toBeVisible();
  await expect(
    page.getByText('You have not been charged. You can return to the course and try purchasing again if you wish.'),
  ).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Return to Course' }).click();
  await expect(page).toHaveURL(`${E2E.baseUrl}${coursePage(course.id)}`);
  await expect(page.getByRole('button', { name: `Buy for ${PRICE_TEXT}` })).toBeVisible();

  await page.goBack();
  await page.getByRole('link', { name: 'Explore Other Courses' }).click();
  await expect(page).toHaveURL(`${E2E.baseUrl}/courses`);
});

test('the failure path: an unpaid or unknown session, and a missing one, say what went wrong', async ({
  page,
  shop,
}) => {
  const course = await shop.course('Soap making');
  const success = `/courses/${course.id}/payment/success`;

  // Start a checkout, then come back to the success page without paying.
  await page.goto(coursePage(course.id));
  await page.getByRole('button', { name: `Buy for ${PRICE_TEXT}` }).click();
  await expect(page).toHaveURL(/\/payments\/test-checkout\//);
  const reference = new URL(page.url()).pathname.split('/').pop()!;

  const expectFailure = async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Failed' })).toBeVisible();
    await expect(page.getByText('Oops! Something went wrong.')).toBeVisible();
    await expect(page.getByText('If you believe this is an error, please contact our support team.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Course Details' })).toHaveAttribute(
      'href',
      `/courses/${course.id}`,
    );
  };

  const unpaid = page.waitForResponse((r) => r.url().endsWith('/payment/verify'));
  await page.goto(`${success}?gateway=test&session_id=${reference}`);
  const unpaidBody = (await (await unpaid).json()) as { success: boolean; error?: string };
  expect(unpaidBody.success).toBe(false);
  expect(unpaidBody.error).toBeTruthy();
  await expectFailure();
  await expect(page.getByTestId('payment-error')).toHaveText(unpaidBody.error!);
  await expect(page.getByText('Payment Verification Failed')).toBeVisible();
  await expect(page.getByText('Could not verify your payment. Please contact support.')).toBeVisible();
  await expectAccessible(page);

  const bogus = page.waitForResponse((r) => r.url().endsWith('/payment/verify'));
  await page.goto(`${success}?session_id=cs_test_not_a_real_session`);
  const bogusBody = (await (await bogus).json()) as { success: boolean; error?: string };
  expect(bogusBody.success).toBe(false);
  await expectFailure();
  await expect(page.getByTestId('payment-error')).toHaveText(bogusBody.error ?? 'Payment verification failed.');

  await page.goto(success);
  await expectFailure();
  await expect(page.getByTestId('payment-error')).toHaveText(
    'Missing payment session information or user not logged in.',
  );

  await page.getByRole('link', { name: 'Return to Course Details' }).click();
  await expect(page).toHaveURL(`${E2E.baseUrl}${coursePage(course.id)}`);
  await expect(page.getByRole('button', { name: `Buy for ${PRICE_TEXT}` })).toBeVisible();
});

test('a buyer who is signed out on return from the gateway logs in, comes back to the success page and is enrolled', async ({
  page,
  browser,
  shop,
  learner,
}) => {
  const course = await shop.course('Beekeeping');
  // Paid with the learner's session; the browser that comes back from the gateway has none.
  const successUrl = await buyViaApi(page, course.id);

  const visitor = await browser.newContext({ baseURL: E2E.baseUrl });
  const returning = await visitor.newPage();
  const verified = returning.waitForResponse((r) => r.url().endsWith('/payment/verify'));
  await returning.goto(successUrl);

  // docs/spec.md §2: a protected route; the guard sends the visitor to log in, no verification yet.
  await expect(returning).toHaveURL(`${E2E.baseUrl}/auth`);
  await expect(returning.getByRole('heading', { level: 1, name: 'Payment Failed' })).toHaveCount(0);
  const form = returning.getByRole('form', { name: 'Login' });
  await form.getByLabel('Username').fill(learner.username);
  await form.getByLabel('Password', { exact: true }).fill(learner.password);
  await form.getByRole('button', { name: 'Sign in' }).click();

  // Back where the gateway sent them, query and all, and verification runs now.
  await expect(returning).toHaveURL(successUrl);
  expect((await (await verified).json()) as { success: boolean }).toMatchObject({ success: true });
  await expect(returning.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
  await expect(returning.getByRole('link', { name: 'Go to Course' })).toHaveAttribute(
    'href',
    `/courses/${course.id}/learn`,
  );
  await visitor.close();
});
