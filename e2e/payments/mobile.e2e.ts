import { expect } from '@playwright/test';
import { expectNoHorizontalScroll } from '../courses/support';
import { buyViaApi, test } from './support';

test.use({ viewport: { width: 375, height: 812 } });

test('the payment pages fit a 375 px phone', async ({ page, shop }) => {
  const course = await shop.course('Mobile money basics');

  await page.goto(`/courses/course-detail/${course.id}`);
  await page.getByRole('button', { name: /Buy for/ }).click();
  await expect(page.getByRole('button', { name: 'Pay now' })).toBeVisible();
  await expectNoHorizontalScroll(page);

  await page.goto(`/courses/${course.id}/payment/cancel`);
  await expect(page.getByText('Your payment process was cancelled.')).toBeVisible();
  await expectNoHorizontalScroll(page);

  const successUrl = await buyViaApi(page, course.id);
  await page.goto(successUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Course' })).toBeInViewport();
  await expectNoHorizontalScroll(page);

  await page.goto('/courses/student');
  await expect(page.getByTestId('purchase').filter({ hasText: course.title })).toHaveCount(1);
  await expectNoHorizontalScroll(page);
});
