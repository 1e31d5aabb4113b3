import { expect, test, type Page } from '@playwright/test';
import { signedUp } from '../support/users';
import { publishCourseViaApi, uniqueTitle } from './support';

const SHOTS = 'test-results/lesson-qa';

async function shoot(page: Page, name: string) {
  for (const width of [360, 1280]) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: `${SHOTS}/${name}-${width}-${scheme}.png`, fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('a learner asks on a lesson, the tutor answers and marks it, and the learner sees it', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const title = uniqueTitle('Node.js basics');
  await signedUp(page);
  const courseId = await publishCourseViaApi(page, title, ['Installing Node', 'Your first server']);

  const learnerContext = await browser.newContext();
  const learnerPage = await learnerContext.newPage();
  await signedUp(learnerPage);
  await learnerPage.goto(`/courses/course-detail/${courseId}`);
  await learnerPage.getByRole('button', { name: 'Enrol for free' }).click();
  await expect(learnerPage).toHaveURL(new RegExp(`/courses/course-content/${courseId}`));

  const qa = learnerPage.getByRole('region', { name: 'Questions and answers' });
  await qa.getByRole('button', { name: 'Ask a question' }).click();
  await qa.getByLabel('Your question').fill('Which Node version should I install?');
  await qa.getByRole('button', { name: 'Post question' }).click();
  await expect(qa.getByRole('button', { name: /Which Node version should I install\?/ })).toBeVisible();
  await expect(qa.getByText('No answers yet')).toBeVisible();

  // The tutor finds it on the dashboard, answers and marks the answer.
  await page.goto('/courses/tutor');
  const unanswered = page.getByRole('region', { name: /Questions without an answer/ });
  await unanswered.getByRole('link', { name: /Which Node version should I install\?/ }).click();
  const thread = page.getByRole('region', { name: 'Questions and answers' });
  await thread.getByLabel('Your answer').fill('The current LTS release.');
  await thread.getByRole('button', { name: 'Post answer' }).click();
  await expect(thread.getByText('The current LTS release.')).toBeVisible();
  await thread.getByRole('button', { name: 'Mark as the answer' }).click();
  await expect(thread.getByText('Marked answer')).toBeVisible();
  await thread.getByRole('button', { name: 'Pin question' }).click();
  await expect(thread.getByText('Pinned')).toBeVisible();

  // The learner is told, and sees the marked answer.
  await learnerPage.reload();
  await expect(qa.getByText('Answered')).toBeVisible();
  await qa.getByRole('button', { name: /Which Node version/ }).click();
  await expect(qa.getByText('Marked answer')).toBeVisible();
  await expect(qa.getByText('Tutor', { exact: true })).toBeVisible();
  await shoot(learnerPage, 'player-qa');

  // Search within the course: no accents, half a word.
  await qa.getByLabel('Search questions in this course').fill('versio');
  await expect(qa.getByRole('button', { name: /Which Node version/ })).toBeVisible();
  await qa.getByLabel('Search questions in this course').fill('yoruba');
  await expect(qa.getByText('No questions match "yoruba".')).toBeVisible();

  // The course page's syllabus links every lesson for the enrolled learner.
  await learnerPage.goto(`/courses/course-detail/${courseId}`);
  await learnerPage.getByRole('link', { name: 'Your first server' }).click();
  await expect(learnerPage).toHaveURL(/\?lesson=/);
  await expect(learnerPage.getByRole('heading', { level: 2, name: 'Your first server' })).toBeVisible();
  await learnerContext.close();
});

// "Preview this course" and the syllabus links: client/features/courses/components/syllabus.test.tsx.
test('a visitor: no console error, and a carousel that pauses', async ({ page }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/auth');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  const pause = page.getByRole('button', { name: 'Pause the slideshow' });
  await pause.click();
  await expect(page.getByRole('button', { name: 'Play the slideshow' })).toBeVisible();
  await page.goto('/courses');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(errors).toEqual([]);
});

test('with reduced motion the carousel does not move', async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: 'reduce', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  // The page's own clock, moved on by hand: no waiting on the wall clock.
  await page.clock.install();
  await page.goto('/auth');
  await expect(page.getByRole('button', { name: 'Play the slideshow' })).toBeVisible();
  const caption = page.getByRole('complementary', { name: 'Highlights' }).locator('p').nth(1);
  const first = await caption.textContent();
  await page.clock.runFor(20_000);
  await expect(caption).toHaveText(first!);
  await context.close();
});
