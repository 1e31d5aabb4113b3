import { expect, test, type Page } from '@playwright/test';
import { E2E } from '../support/ports';
import { signedUp } from '../support/users';
import {
  expectNoHorizontalScroll,
  moveServerClock,
  resetServerClockAfterEach,
  publishCourseViaApi,
  readTextLesson,
  uniqueTitle,
} from './support';

/** The lesson screen at both widths, light and dark, for a look by eye. */
async function shots(page: Page, name: string) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoHorizontalScroll(page);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: test.info().outputPath(`${name}-${width}-${scheme}.png`), fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

resetServerClockAfterEach();

test('a learner completes a short text lesson by reading it, not by a button', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const title = uniqueTitle('Bookkeeping basics');
  await signedUp(page);
  const courseId = await publishCourseViaApi(page, title, ['Why keep books', 'Daily sales']);

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: E2E.baseUrl });
  const learner = await context.newPage();
  await learner.clock.install();
  await signedUp(learner);
  await learner.goto(`/courses/course-detail/${courseId}`);
  await learner.getByRole('button', { name: 'Enrol for free' }).click();
  await expect(learner.getByRole('heading', { level: 2, name: 'Why keep books' })).toBeVisible();

  // No button to tick it off; the status says what is left, and the server refuses a shortcut.
  await expect(learner.getByRole('button', { name: /Mark complete/ })).toHaveCount(0);
  const status = learner.getByRole('status').filter({ hasText: /Reading|Scroll/ });
  await expect(status).toBeVisible();
  const lessonId = new URL(learner.url()).searchParams.get('lesson') ?? '';
  const lessons = await learner.request.get(`/api/courses/${courseId}/content`);
  const first = ((await lessons.json()).sections[0].lessons[0] as { id: string }).id;
  expect(lessonId === '' || lessonId === first).toBe(true);
  const early = await learner.request.post(`/api/courses/${courseId}/lessons/${first}/complete`);
  expect(early.status()).toBe(400);
  expect((await early.json()).error).toMatch(/to complete it\.$/);
  await shots(learner, 'text-lesson-reading');

  await readTextLesson(learner, 10);
  await expect(learner.getByText('Completed', { exact: true })).toBeVisible();
  await expect(learner.getByText('1 of 2 lessons done')).toBeVisible();
  await moveServerClock(learner, 0);
  await shots(learner, 'text-lesson-completed');
  await context.close();
});
