import AxeBuilder from '@axe-core/playwright';
import { expect, request, test, type Page } from '@playwright/test';
import { adminPage } from '../notifications/admin';
import { E2E } from '../support/ports';
import { signedUp } from '../support/users';
import {
  moveServerClock,
  resetServerClockAfterEach,
  readTextLesson,
  uniqueTitle,
  watchVideoLesson,
  webm,
} from './support';

resetServerClockAfterEach();

async function expectAccessible(page: Page) {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations).toEqual([]);
}

test('a tutor builds a course, an admin approves it, a learner completes it and gets a certificate', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const title = uniqueTitle('Farm bookkeeping');

  // A new member becomes a tutor from the catalogue.
  await signedUp(page);
  await page.goto('/courses');
  // The header has the button; an empty catalogue offers it a second time.
  await page.getByRole('button', { name: 'Teach on the platform' }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: 'Become a tutor' }).click();
  await expect(page).toHaveURL(/\/courses\/create$/);

  // Details.
  const details = page.getByRole('form', { name: 'Course details' });
  await details.getByRole('button', { name: 'Create course' }).click();
  await expect(details.getByText('Title must be at least 5 characters')).toBeVisible();
  await expect(details.getByText('Choose a category')).toHaveCount(2); // the option and the error
  await details.getByLabel('Title').fill(title);
  await details.getByLabel('Summary').fill('Keep simple books for your farm and plan the season ahead.');
  await details
    .getByLabel('Description', { exact: true })
    .fill('## What you will learn\n\n- **Record** every sale\n- Plan cash flow');
  await details.getByLabel('Category').selectOption('agriculture');
  await details.getByLabel('Level').selectOption('beginner');
  await expect(details.getByLabel('Price (₦)')).toHaveValue('0');
  await details.getByRole('button', { name: 'Create course' }).click();
  await expect(page.getByText('Course created')).toBeVisible();
  await expect(page).toHaveURL(/\/courses\/create\?id=[^&]+&step=curriculum$/);
  const courseId = new URL(page.url()).searchParams.get('id')!;

  // Curriculum: a section, a video lesson with an upload, a text lesson.
  await page.getByLabel('New section title').fill('Getting started');
  await page.getByRole('button', { name: 'Add section' }).click();
  await expect(page.getByTestId('builder-section')).toContainText('Getting started');

  const dialog = page.getByRole('dialog');
  await page.getByRole('button', { name: 'Add lesson to Getting started' }).click();
  await dialog.getByLabel('Lesson title').fill('Welcome to the farm');
  await dialog.getByLabel('Video file').setInputFiles({ name: 'welcome.webm', mimeType: 'video/webm', buffer: webm() });
  await expect(dialog.getByTestId('lesson-video-file')).toContainText('welcome.webm');
  await dialog.getByLabel('Captions (optional)').setInputFiles({
    name: 'welcome.vtt',
    mimeType: 'text/vtt',
    buffer: Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\nWelcome\n'),
  });
  await expect(dialog.getByTestId('lesson-captions-file')).toContainText('welcome.vtt');
  await dialog.getByLabel('Minutes').fill('3');
  await dialog.getByRole('button', { name: 'Add lesson' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Add lesson to Getting started' }).click();
  await dialog.getByLabel('Lesson title').fill('Your first ledger');
  await dialog.getByText('Text', { exact: true }).click();
  await dialog.getByLabel('Lesson text').fill('Write **every** sale down, the same day.');
  await dialog.getByRole('button', { name: 'Add lesson' }).click();
  await expect(dialog).toBeHidden();

  const lessons = page.getByTestId('builder-lesson');
  await expect(lessons).toHaveCount(2);
  await expect(lessons.nth(0)).toContainText('Welcome to the farm');

  // Reorder by keyboard: the text lesson goes first, focus stays on it, the move is announced.
  await page.getByRole('button', { name: 'Move lesson “Your first ledger” up' }).focus();
  await page.keyboard.press('Enter');
  await expect(lessons.nth(0)).toContainText('Your first ledger');
  await expect(page.getByRole('button', { name: 'Move lesson “Your first ledger” down' })).toBeFocused();
  await expect(page.getByText('Lesson “Your first ledger” moved to position 1 of 2.')).toBeAttached();
  await page.reload();
  await expect(lessons.nth(0)).toContainText('Your first ledger');
  await expectAccessible(page);

  // Preview, then submit.
  await page.getByRole('tab', { name: 'Preview' }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await page.getByRole('tab', { name: 'Submit' }).click();
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByText('Submitted for review')).toBeVisible();
  await expect(page.getByRole('tabpanel').getByTestId('course-status')).toHaveText('In review');

  // The admin approves it from review mode.
  const admin = await adminPage(browser);
  await admin.goto('/admin/dashboard/queues/courses');
  await admin.getByRole('link', { name: `Review ${title}` }).click();
  await expect(admin).toHaveURL(`${E2E.baseUrl}/courses/content/${courseId}`);
  await expect(admin.getByTestId('review-lesson')).toHaveCount(2);
  await admin.getByRole('button', { name: 'Approve and publish' }).click();
  await expect(admin.getByText('Course approved')).toBeVisible();
  await expect(admin.getByTestId('course-status')).toHaveText('Published');
  await admin.context().close();

  // A learner finds it by search, enrols and completes every lesson.
  const learnerContext = await browser.newContext({ baseURL: E2E.baseUrl, viewport: { width: 1280, height: 900 } });
  const learner = await learnerContext.newPage();
  await learner.clock.install();
  const learnerPerson = await signedUp(learner);
  await learner.goto('/courses');
  await learner.getByLabel('Search courses').fill(title);
  await expect(learner).toHaveURL(/[?&]q=/);
  const card = learner.getByTestId('course-card').filter({ hasText: title });
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('course-price')).toHaveText('Free');
  await expectAccessible(learner);
  await card.getByRole('link', { name: title }).click();
  await expect(learner.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(learner.getByRole('heading', { name: 'What you will learn' })).toBeVisible();
  await expectAccessible(learner);
  await learner.getByRole('button', { name: 'Enrol for free' }).click();
  await expect(learner).toHaveURL(new RegExp(`/courses/course-content/${courseId}(\\?lesson=[0-9a-f-]+)?$`));

  const playerLessons = learner.getByTestId('player-lesson');
  await expect(playerLessons).toHaveCount(2);
  await expect(learner.getByRole('heading', { level: 2, name: 'Your first ledger' })).toBeVisible();
  await expect(learner.getByText('0 of 2 lessons done')).toBeVisible();
  // Lessons complete from reading and watching, measured on the server's clock (decision 052).
  await readTextLesson(learner, 10);
  await expect(learner.getByText('1 of 2 lessons done')).toBeVisible();
  await moveServerClock(learner, 0);
  await learner.getByRole('link', { name: 'Next lesson: Welcome to the farm' }).click();
  await expect(learner.getByRole('heading', { level: 2, name: 'Welcome to the farm' })).toBeVisible();
  await expect(learner.getByRole('status').filter({ hasText: 'Watched 0% · 90% needed' })).toBeVisible();
  await expect(learner.getByTestId('lesson-video')).toBeVisible();
  // The video is the course's to give (decision 008): the learner's session fetches it, with
  // seeking; a visitor gets the same 404 as for no file at all.
  const videoUrl = (await learner.getByTestId('lesson-video').getAttribute('src'))!;
  expect((await learner.request.get(videoUrl, { headers: { range: 'bytes=0-99' } })).status()).toBe(206);
  const anonymous = await request.newContext({ baseURL: E2E.baseUrl });
  expect((await anonymous.get(videoUrl)).status()).toBe(404);
  // Its captions too: a default English track, read with the learner's session only.
  const track = learner.getByTestId('lesson-video').locator('track');
  await expect(track).toHaveAttribute('kind', 'captions');
  await expect(track).toHaveAttribute('srclang', 'en');
  await expect(track).toHaveAttribute('label', 'English');
  const captionsUrl = (await track.getAttribute('src'))!;
  expect(captionsUrl).toMatch(/^\/uploads\/[0-9a-f-]{36}\.vtt$/);
  expect((await learner.request.get(captionsUrl)).status()).toBe(200);
  expect((await anonymous.get(captionsUrl)).status()).toBe(404);
  await anonymous.dispose();
  await expect(playerLessons.first()).toHaveAttribute('data-completed', 'true');
  await expectAccessible(learner);
  const videoLessonId = new URL(learner.url()).searchParams.get('lesson')!;
  await watchVideoLesson(learner, courseId, videoLessonId, 180);
  await learner.reload();
  await expect(learner.getByTestId('completion-panel')).toBeVisible();
  await expect(learner.getByText('2 of 2 lessons done')).toBeVisible();

  // The certificate: public page confirms the code; the PDF is a real PDF.
  await learner.getByRole('link', { name: 'View your certificate' }).click();
  await expect(learner).toHaveURL(/\/certificates\/[^/]+$/);
  const code = decodeURIComponent(new URL(learner.url()).pathname.split('/').pop()!);
  await expect(learner.getByTestId('certificate-code')).toHaveText(code);
  await expect(learner.getByTestId('certificate-course')).toHaveText(title);
  await expect(learner.getByText('This certificate is genuine')).toBeVisible();
  const pdfHref = await learner.getByRole('link', { name: 'Download PDF' }).getAttribute('href');
  const pdf = await learner.request.get(pdfHref!);
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 4).toString('latin1')).toBe('%PDF');

  // Anyone, signed in or not, can confirm it.
  const visitor = await browser.newContext({ baseURL: E2E.baseUrl });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`/certificates/${encodeURIComponent(code)}`);
  await expect(visitorPage.getByTestId('certificate-code')).toHaveText(code);
  // Its Open Badges credential (decision 073): LinkedIn's form, the JSON, and the verify page.
  const linkedIn = await visitorPage.getByRole('link', { name: /Add to LinkedIn/ }).getAttribute('href');
  expect(new URL(linkedIn!).searchParams.get('name')).toBe(title);
  for (const scheme of ['light', 'dark'] as const) {
    await visitorPage.emulateMedia({ colorScheme: scheme });
    for (const width of [360, 1280]) {
      await visitorPage.setViewportSize({ width, height: 900 });
      await visitorPage.screenshot({
        path: test.info().outputPath(`certificate-${width}-${scheme}.png`),
        fullPage: true,
      });
    }
  }
  await visitorPage.getByRole('link', { name: 'Verify the digital badge' }).click();
  await expect(visitorPage.getByTestId('credential-verdict')).toHaveText('Valid');
  await expect(visitorPage.getByTestId('credential-holder')).toHaveText(learnerPerson.fullName);
  await visitorPage.goto('/certificates/NOT-A-REAL-CODE');
  await expect(visitorPage.getByRole('heading', { name: 'Certificate not found' })).toBeVisible();
  await visitor.close();

  // My learning lists it as completed, and the learner rates the course.
  await learner.goto('/courses/student');
  await expect(learner.getByTestId('enrolment').filter({ hasText: title })).toContainText('Completed');
  await learner.goto(`/courses/course-detail/${courseId}`);
  await learner.getByRole('radio', { name: '5 stars' }).check();
  await learner.getByLabel('Your review (optional)').fill('Clear and practical.');
  await learner.getByRole('button', { name: 'Post review' }).click();
  await expect(learner.getByText('Thank you for your review')).toBeVisible();
  await expect(learner.getByText('Clear and practical.')).toBeVisible();
  await learnerContext.close();
});
