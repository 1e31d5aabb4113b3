import { expect, test, type APIResponse, type Page } from '@playwright/test';
import sharp from 'sharp';
import { adminApi, uniqueTitle, webm } from '../courses/support';
import { signedUp } from '../support/users';

// Issue 29 item 5, decision 078: what data saver asks of the network, counted request by request.
test.describe.configure({ timeout: 120_000 });

async function ok<T>(res: APIResponse, status = 200): Promise<T> {
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as T;
}

const picture = () =>
  sharp({ create: { width: 1600, height: 900, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .png()
    .toBuffer();

/** A free course with a cover picture and one video lesson, published by the page's member. */
async function courseWithCoverAndVideo(page: Page, title: string) {
  const api = page.request;
  await ok(await api.post('/api/user/become-tutor'));
  const upload = async (kind: string, name: string, mimeType: string, buffer: Buffer) =>
    ok<{ id: string; url: string }>(
      await api.post(`/api/uploads?kind=${kind}`, { multipart: { file: { name, mimeType, buffer } } }),
      201,
    );
  const cover = await upload('image', 'cover.png', 'image/png', await picture());
  const video = await upload('video', 'lesson.webm', 'video/webm', webm());
  const course = await ok<{ id: string }>(
    await api.post('/api/courses', {
      data: {
        title,
        summary: 'A course with a picture and a video.',
        category: 'business',
        level: 'beginner',
        thumbnailUploadId: cover.id,
      },
    }),
    201,
  );
  const section = await ok<{ id: string }>(
    await api.post(`/api/courses/${course.id}/sections`, { data: { title: 'Basics' } }),
    201,
  );
  await ok(
    await api.post(`/api/courses/${course.id}/sections/${section.id}/lessons`, {
      data: { kind: 'video', title: 'Counting stock', videoUploadId: video.id, durationSeconds: 60 },
    }),
    201,
  );
  await ok(await api.post(`/api/courses/${course.id}/submit`));
  const admin = await adminApi();
  await ok(await admin.post(`/api/admin/courses/${course.id}/review`, { data: { decision: 'approve' } }));
  await admin.dispose();
  return { courseId: course.id, coverId: cover.id, videoUrl: video.url };
}

/** Every /uploads/ path the page asks for from now on. */
function uploadsAsked(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/uploads/')) asked.push(pathname);
  });
  return asked;
}

test('data saver asks for the smallest picture and no video bytes before play', async ({ page, browser }) => {
  const title = uniqueTitle('Stock keeping');
  await signedUp(page);
  const { courseId, coverId, videoUrl } = await courseWithCoverAndVideo(page, title);

  const context = await browser.newContext();
  const learner = await context.newPage();
  await signedUp(learner);
  await learner.goto(`/courses/course-detail/${courseId}`);
  await learner.getByRole('button', { name: 'Enrol for free' }).click();
  await expect(learner).toHaveURL(new RegExp(`/courses/course-content/${courseId}`));

  // Off (this browser sends no Save-Data and reports no slow network): the catalogue's card
  // takes a copy from the srcset wider than the smallest.
  const asked = uploadsAsked(learner);
  await learner.goto(`/courses?search=${encodeURIComponent(title)}`);
  await expect(learner.getByRole('link', { name: new RegExp(title) }).first()).toBeVisible();
  await expect.poll(() => asked.filter((p) => p.includes(coverId))).not.toHaveLength(0);
  expect(asked.filter((p) => p.includes(coverId)).every((p) => !p.endsWith('-128w.webp'))).toBe(true);

  // On, from the profile's setting.
  await learner.goto('/profile#data-saver');
  const setting = learner.getByLabel('Use less data on this device');
  await setting.check();
  await expect(setting).toBeChecked();

  asked.length = 0;
  await learner.goto(`/courses?search=${encodeURIComponent(title)}`);
  await expect(learner.getByRole('link', { name: new RegExp(title) }).first()).toBeVisible();
  await expect.poll(() => asked.filter((p) => p.includes(coverId))).toEqual([`/uploads/${coverId}-128w.webp`]);

  // The video lesson: nothing of the file is fetched until the learner presses play.
  asked.length = 0;
  await learner.goto(`/courses/course-content/${courseId}`);
  const video = learner.locator('video');
  await expect(video).toHaveAttribute('preload', 'none');
  await learner.waitForLoadState('networkidle');
  expect(asked).not.toContain(videoUrl);
  await video.evaluate((v: HTMLVideoElement) => void v.play().catch(() => undefined));
  await expect.poll(() => asked).toContain(videoUrl);
  await context.close();
});
