import { randomBytes } from 'node:crypto';
import { expect, request, type APIRequestContext, type Page } from '@playwright/test';
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
