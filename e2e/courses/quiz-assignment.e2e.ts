import { expect, test, type Page } from '@playwright/test';
import { E2E } from '../support/ports';
import { signedUp } from '../support/users';
import {
  adminApi,
  expectNoHorizontalScroll,
  moveServerClock,
  resetServerClockAfterEach,
  readTextLesson,
  uniqueTitle,
} from './support';

resetServerClockAfterEach();

test.use({ viewport: { width: 360, height: 780 } });

/** A screenshot at 360 px now, and at 1280 px light and dark when asked, to look at. */
async function shot(page: Page, name: string, all = false) {
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: test.info().outputPath(`${name}-360.png`), fullPage: true });
  if (!all) return;
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: test.info().outputPath(`${name}-1280-light.png`), fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: test.info().outputPath(`${name}-1280-dark.png`), fullPage: true });
  await page.setViewportSize(size);
  await page.screenshot({ path: test.info().outputPath(`${name}-360-dark.png`), fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
}

test('a tutor adds a quiz and an assignment; a learner passes, hands in, is graded and gets the certificate', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const title = uniqueTitle('Market stall pricing');

  // The tutor's course, with one text lesson, made over HTTP; the graded lessons through the builder.
  await signedUp(page);
  const api = page.request;
  expect((await api.post('/api/user/become-tutor')).status()).toBe(200);
  const course = await (
    await api.post('/api/courses', {
      data: { title, summary: 'Price your goods so the stall pays.', category: 'business', level: 'beginner' },
    })
  ).json();
  const section = await (await api.post(`/api/courses/${course.id}/sections`, { data: { title: 'Basics' } })).json();
  await api.post(`/api/courses/${course.id}/sections/${section.id}/lessons`, {
    data: { kind: 'text', title: 'Know your costs', body: 'Add every cost.', durationSeconds: 60 },
  });

  await page.goto(`/courses/create?id=${course.id}&step=curriculum`);
  const dialog = page.getByRole('dialog');
  await page.getByRole('button', { name: 'Add lesson to Basics' }).click();
  await dialog.getByLabel('Lesson title').fill('Pricing quiz');
  await dialog.getByText('Quiz', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Add lesson' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Questions of “Pricing quiz”' }).click();
  const quizDialog = page.getByRole('dialog', { name: 'Questions: Pricing quiz' });
  await quizDialog.getByLabel('Question 1', { exact: true }).fill('What must a price cover?');
  await quizDialog.getByLabel('Option 1 of question 1', { exact: true }).fill('Every cost, and a profit');
  await quizDialog.getByLabel('Option 2 of question 1', { exact: true }).fill('Only the transport');
  await quizDialog.getByLabel('Explanation of question 1').fill('A price below cost loses money on every sale.');
  await shot(page, 'builder-quiz-editor');
  await quizDialog.getByRole('button', { name: 'Save quiz' }).click();
  await expect(quizDialog).toBeHidden();

  await page.getByRole('button', { name: 'Add lesson to Basics' }).click();
  await dialog.getByLabel('Lesson title').fill('Price your stall');
  await dialog.getByText('Assignment', { exact: true }).click();
  await dialog.getByLabel('Instructions').fill('List five goods with their cost and your price.');
  await dialog.getByRole('button', { name: 'Add lesson' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('builder-lesson')).toHaveCount(3);

  // The builder's preview shows the quiz as a learner sees it.
  await page.getByRole('button', { name: 'Preview “Pricing quiz”' }).click();
  const preview = page.getByRole('dialog', { name: 'Preview: Pricing quiz' });
  await expect(preview.getByText('What must a price cover?')).toBeVisible();
  await expect(preview.getByRole('button', { name: 'Submit answers' })).toBeDisabled();
  await shot(page, 'builder-preview');
  await preview.getByRole('button', { name: 'Close' }).click();

  expect((await api.post(`/api/courses/${course.id}/submit`)).status()).toBe(200);
  const admin = await adminApi();
  expect((await admin.post(`/api/admin/courses/${course.id}/review`, { data: { decision: 'approve' } })).status()).toBe(
    200,
  );
  await admin.dispose();

  // The learner, on a phone: the text lesson, then the quiz, then the assignment.
  const context = await browser.newContext({ viewport: { width: 360, height: 780 }, baseURL: E2E.baseUrl });
  const learner = await context.newPage();
  await learner.clock.install();
  await signedUp(learner);
  await learner.goto(`/courses/course-detail/${course.id}`);
  await learner.getByRole('button', { name: 'Enrol for free' }).click();
  await expect(learner).toHaveURL(new RegExp(`/courses/course-content/${course.id}(\\?lesson=[0-9a-f-]+)?$`));
  await readTextLesson(learner, 10);
  await expect(learner.getByText('Completed', { exact: true })).toBeVisible();
  await moveServerClock(learner, 0);
  await learner.getByRole('link', { name: 'Next lesson: Pricing quiz' }).click();
  await expect(learner.getByRole('heading', { level: 2, name: 'Pricing quiz' })).toBeVisible();
  await expect(learner.getByRole('button', { name: /Mark complete/ })).toHaveCount(0);
  await learner.getByLabel('Every cost, and a profit').check();
  await learner.getByRole('button', { name: 'Submit answers' }).click();
  await expect(learner.getByRole('heading', { name: 'Attempt 1: 100% · Passed' })).toBeVisible();
  await expect(learner.getByText('A price below cost loses money on every sale.')).toBeVisible();
  await shot(learner, 'learner-quiz-passed', true);

  await learner.getByRole('link', { name: 'Next lesson: Price your stall' }).click();
  await expect(learner.getByRole('heading', { level: 2, name: 'Price your stall' })).toBeVisible();
  await learner.getByLabel('Your answer').fill('Rice: cost ₦1,000, price ₦1,200.');
  await learner.getByRole('button', { name: 'Hand in' }).click();
  await expect(learner.getByText('Awaiting grade')).toBeVisible();
  await shot(learner, 'learner-assignment-handed-in', true);

  // The tutor grades it from the dashboard.
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/courses/tutor');
  const work = page.getByTestId('submission-to-grade').filter({ hasText: 'Price your stall' });
  await expect(work).toContainText('Rice: cost ₦1,000');
  await expect(page.getByRole('heading', { name: 'Quiz statistics' })).toBeVisible();
  await shot(page, 'tutor-grading', true);
  await work.getByLabel('Feedback').fill('Clear and complete.');
  await work.getByRole('button', { name: 'Pass' }).click();
  await expect(work).toHaveCount(0);

  // The learner's course is complete: the certificate lists the assessed work.
  await learner.reload();
  await expect(learner.getByText('Passed', { exact: true })).toBeVisible();
  await expect(learner.getByText('Clear and complete.')).toBeVisible();
  await learner.getByRole('link', { name: 'View your certificate' }).click();
  await expect(learner).toHaveURL(/\/certificates\/[^/]+$/);
  const assessed = learner.getByTestId('certificate-assessed-work');
  await expect(assessed).toContainText('Pricing quiz');
  await expect(assessed).toContainText('100%');
  await expect(assessed).toContainText('Price your stall');
  await shot(learner, 'certificate', true);
  await context.close();
});
