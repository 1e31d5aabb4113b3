import { expect, test } from '@playwright/test';
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

resetServerClockAfterEach();

test.use({ viewport: { width: 375, height: 812 } });

test('the catalogue, course page and player work at 375 px without sideways scrolling', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const title = uniqueTitle('Phone-first marketing');
  await signedUp(page);
  const courseId = await publishCourseViaApi(page, title, [
    'Know your customer',
    'Write a good offer',
    'Measure what works',
  ]);

  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, baseURL: E2E.baseUrl });
  const learner = await context.newPage();
  // The player reports reading on the page's clock, which the test moves on (decision 052).
  await learner.clock.install();
  await signedUp(learner);

  await learner.goto(`/courses?q=${encodeURIComponent(title)}`);
  await expect(learner.getByLabel('Search courses')).toHaveValue(title);
  await expect(learner.getByTestId('course-card')).toHaveCount(1);
  await expectNoHorizontalScroll(learner);

  await learner.getByRole('link', { name: title }).click();
  await expect(learner.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expectNoHorizontalScroll(learner);
  await learner.getByRole('button', { name: 'Enrol for free' }).click();
  await expect(learner).toHaveURL(new RegExp(`/courses/course-content/${courseId}(\\?lesson=[0-9a-f-]+)?$`));
  await expectNoHorizontalScroll(learner);

  // On a phone the lesson list is a drawer.
  await expect(learner.getByRole('navigation', { name: 'Lessons' })).toHaveCount(0);
  await learner.getByRole('button', { name: 'Lessons', exact: true }).click();
  const drawer = learner.getByRole('dialog', { name: 'Course content' });
  await expect(drawer.getByTestId('player-lesson')).toHaveCount(3);
  await drawer.getByRole('link', { name: 'Measure what works' }).click();
  await expect(drawer).toBeHidden();
  await expect(learner.getByRole('heading', { level: 2, name: 'Measure what works' })).toBeVisible();
  // Its end may be on a phone's screen at once, so the line may already say "reached the end".
  await expect(learner.getByRole('status').filter({ hasText: /^Reading \d+% · / })).toBeVisible();
  await readTextLesson(learner, 10);
  await expect(learner.getByText('33% complete')).toBeVisible();
  await moveServerClock(learner, 0);
  await expectNoHorizontalScroll(learner);
  await context.close();
});
