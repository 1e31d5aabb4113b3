import { randomBytes } from 'node:crypto';
import { expect, request, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E } from '../support/ports';

/** A title no other test (or earlier run) uses, so searches find exactly this course. */
export const uniqueTitle = (stem: string) => `${stem} ${randomBytes(3).toString('hex')}`;

/**
 * A tiny file the server accepts as WebM: it checks the EBML magic bytes (1A 45 DF A3), not
 * whether the rest plays. Playback is not what these tests check.
 */
export function webm(): Buffer {
  return Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), randomBytes(4096)]);
}

/** The admin's API session, for approving courses quickly. */
export async function adminApi(): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL: E2E.baseUrl });
  const login = await api.post('/api/admin/login', { data: { email: E2E.admin.email, password: E2E.admin.password } });
  expect(login.status()).toBe(200);
  return api;
}

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['post']>>, status = 200): Promise<T> {
  expect(res.status(), await res.text()).toBe(status);
  return (res.status() === 204 ? undefined : await res.json()) as T;
}

/**
 * A published free course with one section and the given text lessons, built over HTTP with
 * the signed-in page's session (who becomes its tutor) and approved by the admin.
 */
export async function publishCourseViaApi(
  page: Page,
  title: string,
  lessons: string[],
  body: (lesson: string) => string = (lesson) => `## ${lesson}\n\nRead this **carefully**.`,
): Promise<string> {
  const api = page.request;
  await ok(await api.post('/api/user/become-tutor'));
  const course = await ok<{ id: string }>(
    await api.post('/api/courses', {
      data: { title, summary: 'A short course built by the browser tests.', category: 'business', level: 'beginner' },
    }),
    201,
  );
  const section = await ok<{ id: string }>(
    await api.post(`/api/courses/${course.id}/sections`, { data: { title: 'Basics' } }),
    201,
  );
  for (const lesson of lessons) {
    await ok(
      await api.post(`/api/courses/${course.id}/sections/${section.id}/lessons`, {
        data: { kind: 'text', title: lesson, body: body(lesson), durationSeconds: 120 },
      }),
      201,
    );
  }
  await ok(await api.post(`/api/courses/${course.id}/submit`));
  const admin = await adminApi();
  await ok(await admin.post(`/api/admin/courses/${course.id}/review`, { data: { decision: 'approve' } }));
  await admin.dispose();
  return course.id;
}

/** No sideways scrolling at the current width. */
export async function expectNoHorizontalScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll, 'page is wider than the viewport').toBeLessThanOrEqual(widths.client);
}

/**
 * Decision 052: the server counts watching and reading between two reports on its own clock.
 * Tests move that clock forward (POST /e2e/clock, an offset from real time) instead of waiting,
 * and put it back at their end.
 */
export async function moveServerClock(page: Page, offsetMs: number): Promise<void> {
  expect((await page.request.post('/e2e/clock', { data: { offsetMs } })).status()).toBe(200);
}

/**
 * For a file whose tests move the server's clock: puts it back after each test, passed or failed.
 * A test that failed with the clock moved left it moved for every later test on that server, and
 * what they queued was dated ahead: their mail came after the tests stopped waiting for it.
 */
export function resetServerClockAfterEach(): void {
  test.afterEach(async ({ request: api }) => {
    expect((await api.post('/e2e/clock', { data: { offsetMs: 0 } })).status()).toBe(200);
  });
}

/**
 * Watches a video lesson as the player reports it (a test's WebM does not play): from 0:00 to
 * its end, a report every 30 seconds of server time, the video one minute further each time.
 */
export async function watchVideoLesson(page: Page, courseId: string, lessonId: string, seconds: number) {
  const report = async (positionSeconds: number) =>
    expect(
      (
        await page.request.post(`/api/courses/${courseId}/lessons/${lessonId}/progress`, {
          data: { positionSeconds },
        })
      ).status(),
    ).toBe(200);
  await report(0);
  let offset = 0;
  for (let at = 60; at < seconds + 60; at += 60) {
    offset += 30_000;
    await moveServerClock(page, offset);
    await report(Math.min(at, seconds));
  }
  await moveServerClock(page, 0);
}

/**
 * Reads the text lesson on screen: scrolls to its end, then lets its reading time pass on the
 * server's clock and the player's next report go out on the page's clock (installed by the test
 * with page.clock.install() before the page loaded).
 */
export async function readTextLesson(page: Page, readSeconds: number) {
  await page.getByTestId('lesson-end').scrollIntoViewIfNeeded();
  for (let passed = 0; passed < readSeconds; passed += 30) {
    await moveServerClock(page, Math.min(readSeconds, passed + 30) * 1000 + 1000);
    await page.clock.runFor(10_000);
  }
}
