import { expect } from '@playwright/test';
import { adminPage } from '../notifications/admin';
import { buyViaApi, PRICE_TEXT, test } from './support';

test('a learner asks for a refund, an admin approves it, and the course access ends', async ({
  page,
  browser,
  shop,
  learner,
}) => {
  test.setTimeout(90_000);
  const course = await shop.course('Fish farming');
  await buyViaApi(page, course.id);

  await page.goto('/courses/student');
  await expect(page.getByText('Refunds can be requested within 7 days of payment.', { exact: false })).toBeVisible();
  const purchase = page.getByTestId('purchase').filter({ hasText: course.title });
  await expect(purchase.getByTestId('purchase-status')).toHaveText('Paid');
  const ask = purchase.getByRole('button', { name: `Request refund for ${course.title}` });
  const dialog = page.getByRole('dialog', { name: 'Request a refund' });
  // Dismissing the dialog hands focus back to the button that opened it.
  await ask.click();
  await expect(dialog.getByLabel('Why do you want a refund?')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(ask).toBeFocused();
  await ask.click();

  await dialog.getByRole('button', { name: 'Request refund' }).click();
  await expect(dialog.getByText('Tell us why in at least 10 characters')).toBeVisible();
  await dialog.getByLabel('Why do you want a refund?').fill('The course was not what I expected.');
  await dialog.getByRole('button', { name: 'Request refund' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Refund requested', { exact: true })).toBeVisible();
  await expect(purchase.getByTestId('refund-state')).toContainText('waiting for an admin');
  // The button is gone: focus lands on the new refund state instead of <body>.
  await expect(purchase.getByTestId('refund-state')).toBeFocused();

  // The admin approves it from the dashboard.
  const admin = await adminPage(browser);
  await admin.goto('/admin/dashboard/queues/refunds');
  const request = admin.getByTestId('refund-request').filter({ hasText: course.title });
  await expect(request).toContainText(learner.fullName);
  await expect(request).toContainText(PRICE_TEXT);
  await expect(request).toContainText('The course was not what I expected.');
  // Cancelling a decline, or dismissing the approval question, leaves focus on the button used.
  const decline = request.getByRole('button', { name: `Decline refund for ${learner.fullName}` });
  await decline.click();
  await request
    .getByRole('form', { name: `Decline refund for ${learner.fullName}` })
    .getByRole('button', { name: 'Cancel' })
    .click();
  await expect(decline).toBeFocused();
  const approve = request.getByRole('button', { name: `Approve refund for ${learner.fullName}` });
  const question = admin.getByRole('dialog', { name: 'Approve this refund?' });
  await approve.click();
  await expect(question).toBeVisible();
  await admin.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expect(approve).toBeFocused();
  await approve.click();
  await question.getByRole('button', { name: 'Approve refund' }).click();
  await expect(admin.getByText('Refund approved')).toBeVisible();
  await expect(request).toHaveCount(0);
  await admin.getByLabel('Status').selectOption('approved');
  await expect(admin.getByTestId('refund-request').filter({ hasText: course.title })).toContainText('Approved on');
  await admin.context().close();

  // The learner's purchase is refunded and the course must be bought again.
  await page.goto('/courses/student');
  await expect(purchase.getByTestId('purchase-status')).toHaveText('Refunded');
  await expect(purchase.getByTestId('refund-state')).toContainText('Refund approved');
  await page.goto(`/courses/course-detail/${course.id}`);
  await expect(page.getByRole('button', { name: `Buy for ${PRICE_TEXT}` })).toBeVisible();
  await page.goto(`/courses/${course.id}/learn`);
  await expect(page.getByRole('heading', { name: 'Enrol to open this course' })).toBeVisible();
});
