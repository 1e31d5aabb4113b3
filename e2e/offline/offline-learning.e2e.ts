import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { E2E } from '../support/ports';
import { signedUp } from '../support/users';
import { adminApi, uniqueTitle } from '../courses/support';
import { workerInControl } from '../support/worker';

/**
 * Decision 074, addendum: a lesson read and a quiz answered on the bus wait on the device,
 * survive a reload, and are stored once when the network returns; a screen with nothing kept
 * says it needs the network instead of loading for ever.
 */
const SHOTS = process.env.OFFLINE_SHOTS_DIR;

async function shots(page: Page, name: string, inView?: Locator) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 740 });
  await inView?.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${SHOTS}/${name}-360-${scheme}.png` });
  }
  if (size) await page.setViewportSize(size);
  await page.emulateMedia({ colorScheme: 'light' });
}

/** A published free course: one short text lesson (10 s to read), then a one-question quiz. */
async function courseWithQuiz(browser: Browser) {
  const context = await browser.newContext({ baseURL: E2E.baseUrl });
  const page = await context.newPage();
  await signedUp(page);
  const api = page.request;
  const ok = async (res: Awaited<ReturnType<typeof api.post>>) => {
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json().catch(() => ({}))) as { id: string };
  };
  await ok(await api.post('/api/user/become-tutor'));
  const course = await ok(
    await api.post('/api/courses', {
      data: {
        title: uniqueTitle('Market prices'),
        summary: 'A short course built by the browser tests.',
        category: 'business',
        level: 'beginner',
      },
    }),
  );
  const section = await ok(await api.post(`/api/courses/${course.id}/sections`, { data: { title: 'Basics' } }));
  const lesson = (data: object) => api.post(`/api/courses/${course.id}/sections/${section.id}/lessons`, { data });
  await ok(
    await lesson({ kind: 'text', title: 'Reading a price tag', body: 'A price covers costs.', durationSeconds: 60 }),
  );
  const quiz = await ok(await lesson({ kind: 'quiz', title: 'Price check', body: '', durationSeconds: 0 }));
  await ok(
    await api.put(`/api/courses/${course.id}/lessons/${quiz.id}/quiz`, {
      data: {
        passPercent: 100,
        attemptsLimit: 3,
        questions: [
          {
            kind: 'single',
            prompt: 'What must a price cover?',
            options: [{ text: 'Every cost' }, { text: 'Nothing' }],
            correct: [0],
          },
        ],
      },
    }),
  );
  await ok(await api.post(`/api/courses/${course.id}/submit`));
  const admin = await adminApi();
  await ok(await admin.post(`/api/admin/courses/${course.id}/review`, { data: { decision: 'approve' } }));
  await admin.dispose();
  await context.close();
  return { courseId: course.id, quizId: quiz.id };
}

async function learner(browser: Browser, courseId: string) {
  const context = await browser.newContext({ baseURL: E2E.baseUrl, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signedUp(page);
  await page.goto(`/courses/course-detail/${courseId}`);
  await page.getByRole('button', { name: 'Enrol for free' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Reading a price tag' })).toBeVisible();
  await workerInControl(page);
  return { context, page };
}

test('a lesson read and a quiz answered offline wait with a clock, survive a reload, and are stored once', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const { courseId, quizId } = await courseWithQuiz(browser);
  const { context, page } = await learner(browser, courseId);
  // Both lessons opened once online: the quiz's questions are in the offline copy from then on.
  await page.getByRole('link', { name: 'Next lesson: Price check' }).click();
  await expect(page.getByRole('button', { name: 'Submit answers' })).toBeVisible();
  await page.getByRole('link', { name: 'Previous lesson: Reading a price tag' }).click();
  await expect(page.getByTestId('lesson-end')).toBeAttached();
  await page.waitForTimeout(1500);

  const posts: string[] = [];
  context.on('request', (r) => {
    if (r.method() === 'POST' && /\/(progress|attempts)$/.test(r.url())) posts.push(r.url());
  });
  await context.setOffline(true);
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await page.getByTestId('lesson-end').scrollIntoViewIfNeeded();
  // The player reports every 10 s; two reports after the end was seen make the reading time.
  const waiting = page.getByTestId('learning-write');
  await expect(waiting).toHaveAttribute('data-state', 'queued', { timeout: 30_000 });
  await expect(waiting).toHaveText('Completed on this device: it will sync when you’re back online.', {
    timeout: 30_000,
  });
  const ticked = page.getByTestId('player-lesson').filter({ hasText: 'Reading a price tag' });
  await expect(ticked).toHaveAttribute('data-pending', 'true');
  await shots(page, 'lesson-pending');

  // On to the quiz, as a learner on the bus would.
  await page.getByRole('link', { name: 'Next lesson: Price check' }).click();
  await page.getByLabel('Every cost').check();
  await page.getByRole('button', { name: 'Submit answers' }).click();
  const answers = page.getByTestId('learning-write');
  await expect(answers).toHaveAttribute('data-state', 'queued');
  await expect(answers).toHaveText(
    'Your answers are saved on this device: they will be marked when you’re back online.',
  );
  await shots(page, 'quiz-pending');

  // Closed and opened again, still offline: both still wait.
  await page.reload();
  await expect(page.getByTestId('learning-write')).toHaveAttribute('data-state', 'queued');
  await expect(page.getByTestId('player-lesson').filter({ hasText: 'Reading a price tag' })).toHaveAttribute(
    'data-pending',
    'true',
  );
  expect(posts.filter((url) => url.includes('/attempts'))).toEqual([]);

  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'Attempt 1: 100% · Passed' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('player-lesson').filter({ hasText: 'Reading a price tag' })).toHaveAttribute(
    'data-completed',
    'true',
  );
  await expect(page.getByTestId('player-lesson').filter({ hasText: 'Reading a price tag' })).not.toHaveAttribute(
    'data-pending',
    'true',
  );
  await expect(page.getByTestId('learning-write')).toHaveCount(0);

  // Stored once: one attempt, both lessons complete, and so the course.
  await page.waitForTimeout(1500);
  const progress = (await (await page.request.get(`/api/courses/${courseId}/progress`)).json()) as {
    completedLessonIds: string[];
    completedAt: string | null;
  };
  expect(progress.completedLessonIds).toHaveLength(2);
  expect(progress.completedAt).not.toBeNull();
  const quiz = (await (await page.request.get(`/api/courses/${courseId}/lessons/${quizId}/quiz`)).json()) as {
    attempts: unknown[];
  };
  expect(quiz.attempts).toHaveLength(1);
  await context.close();
});

test('quiz answers the server refuses later show its sentence, with Retry and Discard', async ({ browser }) => {
  test.setTimeout(120_000);
  const { courseId, quizId } = await courseWithQuiz(browser);
  const { context, page } = await learner(browser, courseId);
  await page.getByRole('link', { name: 'Next lesson: Price check' }).click();
  await expect(page.getByRole('button', { name: 'Submit answers' })).toBeVisible();

  await context.setOffline(true);
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await page.getByLabel('Nothing').check();
  await page.getByRole('button', { name: 'Submit answers' }).click();
  await expect(page.getByTestId('learning-write')).toHaveAttribute('data-state', 'queued');

  // Meanwhile, on another device, the learner uses every attempt: the waiting one is refused.
  const other = await browser.newContext({ baseURL: E2E.baseUrl, storageState: await context.storageState() });
  const wrong = { answers: [] as unknown[] };
  const questions = (await (await other.request.get(`/api/courses/${courseId}/lessons/${quizId}/quiz`)).json()) as {
    questions: { id: string; options: { id: string; text: string }[] }[];
  };
  const q = questions.questions[0]!;
  wrong.answers = [{ questionId: q.id, optionIds: [q.options.find((o) => o.text === 'Nothing')!.id] }];
  for (let i = 0; i < 3; i++)
    expect(
      (await other.request.post(`/api/courses/${courseId}/lessons/${quizId}/quiz/attempts`, { data: wrong })).status(),
    ).toBe(201);
  await other.close();

  await context.setOffline(false);
  const refused = page.getByTestId('learning-write');
  await expect(refused).toHaveAttribute('data-state', 'failed', { timeout: 15_000 });
  await expect(page.getByTestId('learning-refused')).toHaveText('You have used all 3 attempts at this quiz.');
  await shots(page, 'quiz-refused');
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await page.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByTestId('learning-write')).toHaveCount(0);
  await context.close();
});

test('a screen with nothing kept offline says it needs the network, not a skeleton', async ({ page, context }) => {
  test.setTimeout(90_000);
  await signedUp(page);
  await workerInControl(page);
  // Their screens' code is kept once used; their answers are not in the offline copy.
  for (const path of ['/jobs', '/talent']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  await page.waitForTimeout(1500);

  await context.setOffline(true);
  for (const path of ['/jobs?q=welder', '/talent?q=tailor']) {
    await page.goto(path);
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    const sentence = page.getByTestId('needs-network');
    await expect(sentence).toContainText('This page needs the network');
    await expect(sentence).toContainText("It will load when you're back online.");
    if (path.startsWith('/jobs')) await shots(page, 'needs-network', sentence);
  }
  await context.setOffline(false);
  await expect(page.getByTestId('needs-network')).toHaveCount(0, { timeout: 15_000 });
});
