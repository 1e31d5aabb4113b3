import { mkdirSync, readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { adminApi, moveServerClock, resetServerClockAfterEach, uniqueTitle } from '../courses/support';
import { buyViaApi } from '../payments/support';
import { signedUp } from '../support/users';
import { workerInControl } from '../support/worker';

resetServerClockAfterEach();

const SHOTS = process.env.OFFLINE_SHOTS_DIR;
const VIDEO = readFileSync('seed/demo-lesson.webm');
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

/** 360 px and 1280 px, light and dark, for looking at (OFFLINE_SHOTS_DIR set). */
async function shots(page: Page, name: string, focus?: Locator) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize();
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    await focus?.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    // No hover state in the pictures.
    await page.mouse.move(0, 0);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.waitForTimeout(150);
      await page.screenshot({ path: `${SHOTS}/${name}-${width}-${scheme}.png` });
    }
  }
  if (size) await page.setViewportSize(size);
  await page.emulateMedia({ colorScheme: 'light' });
}

async function expectAccessible(page: Page) {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations).toEqual([]);
}

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['post']>>, status = 200): Promise<T> {
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as T;
}

async function upload(api: APIRequestContext, kind: string, name: string, mimeType: string, buffer: Buffer) {
  return ok<{ id: string }>(
    await api.post(`/api/uploads?kind=${kind}`, { multipart: { file: { name, mimeType, buffer } } }),
    201,
  );
}

/**
 * A published course built over HTTP by the signed-in tutor: a text lesson with a PDF, and
 * (when `video`) a video lesson playing the seed's 6-second WebM. Paid when `priceMinor` > 0.
 */
async function publishCourse(tutor: Page, title: string, { priceMinor = 0, video = false } = {}) {
  const api = tutor.request;
  const course = await ok<{ id: string }>(
    await api.post('/api/courses', {
      data: {
        title,
        summary: 'A course the offline downloads test builds.',
        category: 'business',
        level: 'beginner',
        ...(priceMinor ? { priceMinor, currency: 'NGN' } : {}),
      },
    }),
    201,
  );
  const section = await ok<{ id: string }>(
    await api.post(`/api/courses/${course.id}/sections`, { data: { title: 'Basics' } }),
    201,
  );
  const lessons = `/api/courses/${course.id}/sections/${section.id}/lessons`;
  const pdf = await upload(api, 'document', 'fish-feed-notes.pdf', 'application/pdf', PDF);
  const text = await ok<{ id: string }>(
    await api.post(lessons, {
      data: {
        kind: 'text',
        title: 'Feeding the pond',
        body: '## Feeding the pond\n\nFeed the fish **twice a day**, never more.',
        durationSeconds: 120,
        attachmentUploadIds: [pdf.id],
      },
    }),
    201,
  );
  let videoLesson: { id: string } | null = null;
  if (video) {
    const file = await upload(api, 'video', 'pond-tour.webm', 'video/webm', VIDEO);
    videoLesson = await ok<{ id: string }>(
      await api.post(lessons, {
        data: { kind: 'video', title: 'A tour of the pond', durationSeconds: 6, videoUploadId: file.id },
      }),
      201,
    );
  }
  await ok(await api.post(`/api/courses/${course.id}/submit`));
  const admin = await adminApi();
  await ok(await admin.post(`/api/admin/courses/${course.id}/review`, { data: { decision: 'approve' } }));
  await admin.dispose();
  return { id: course.id, title, textId: text.id, videoId: videoLesson?.id ?? '' };
}

test('a learner downloads a course, opens its text, attachment and video offline; refund and delete remove downloads', async ({
  browser,
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const tutorContext = await browser.newContext();
  const tutor = await tutorContext.newPage();
  await signedUp(tutor);
  await ok(await tutor.request.put('/api/user/date-of-birth', { data: { dateOfBirth: '1990-01-01' } }));
  await ok(await tutor.request.post('/api/user/become-tutor'));
  const paid = await publishCourse(tutor, uniqueTitle('Fish farming'), { priceMinor: 1_500_000, video: true });
  const free = await publishCourse(tutor, uniqueTitle('Pond basics'));
  await tutorContext.close();

  await signedUp(page);
  await ok(await page.request.put('/api/user/date-of-birth', { data: { dateOfBirth: '1992-05-05' } }));
  await buyViaApi(page, paid.id);
  await ok(await page.request.post(`/api/courses/${free.id}/enroll`), 201);
  // The free course read to its end on the server's clock (decision 052): it gives a certificate.
  for (let offset = 0; offset <= 150_000; offset += 30_000) {
    await moveServerClock(page, offset);
    await ok(
      await page.request.post(`/api/courses/${free.id}/lessons/${free.textId}/progress`, {
        data: { scrolledToEnd: true },
      }),
    );
  }
  await moveServerClock(page, 0);
  const { certificateCode } = await ok<{ certificateCode: string | null }>(
    await page.request.get(`/api/courses/${free.id}/progress`),
  );
  expect(certificateCode).toBeTruthy();

  // The size is confirmed before anything is saved: the video's own, stated apart.
  await page.goto(`/courses/course-detail/${paid.id}`);
  await workerInControl(page);
  await page.getByRole('button', { name: 'Download for offline' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download for offline' });
  await expect(dialog.getByTestId('download-video-size')).toHaveText('102 KB');
  await expect(dialog).toContainText('Each video has one file today, with no smaller version');
  await expectAccessible(page);
  await shots(page, 'download-confirm');

  // A device without room says so before a byte moves, with the sizes and what to do.
  await page.evaluate(() =>
    Object.defineProperty(navigator.storage, 'estimate', {
      configurable: true,
      value: () => Promise.resolve({ quota: 60_000, usage: 0 }),
    }),
  );
  await dialog.getByRole('button', { name: /^With videos/ }).click();
  const refusal = dialog.getByRole('alert');
  await expect(refusal).toContainText('There is not enough space on this device.');
  await expect(refusal).toContainText('This download needs 102 KB; your browser allows 59 KB more.');
  await expect(refusal).toContainText('or download it without videos');
  await expectAccessible(page);
  await shots(page, 'download-quota');
  await page.evaluate(() => delete (navigator.storage as { estimate?: unknown }).estimate);
  await dialog.getByRole('button', { name: 'Try again' }).click();
  await dialog.getByRole('button', { name: /^With videos/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Saved for offline', { exact: true })).toBeVisible();
  const status = page.getByTestId('course-download');
  await expect(status).toContainText('with videos');
  await expect(status.getByTestId('course-download-size')).toHaveText(/^10\d KB$/);
  await expectAccessible(page);
  await shots(page, 'download-status', status);

  await page.goto(`/courses/course-detail/${free.id}`);
  await page.getByRole('button', { name: 'Download for offline' }).click();
  await page
    .getByRole('dialog', { name: 'Download for offline' })
    .getByRole('button', { name: /^Download \(/ })
    .click();
  await expect(page.getByTestId('course-download')).toContainText('without videos');

  // The Downloads place lists both, with the space each uses.
  await page.goto('/profile#downloads');
  const rows = page.getByTestId('download-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: paid.title }).getByTestId('download-size')).toHaveText(/^10\d KB$/);
  await expect(page.getByTestId('downloads-total')).toContainText('2 courses use');
  await expectAccessible(page);
  await shots(page, 'downloads-list', page.locator('#downloads'));

  // The player's and the certificate's screens visited once online (their chunks are then in
  // the worker's cache).
  await page.goto(`/certificates/${certificateCode}`);
  await expect(page.getByTestId('certificate-code')).toHaveText(certificateCode!);
  await page.goto(`/courses/course-content/${paid.id}?lesson=${paid.textId}`);
  await expect(page.getByRole('heading', { name: 'Feeding the pond', level: 2 })).toBeVisible();
  await page.waitForTimeout(1500);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(page.getByText('never more.')).toBeVisible();
  const attachment = page.getByRole('link', { name: /fish-feed-notes\.pdf/ });
  await expect(attachment).toHaveAttribute('href', /^blob:/);
  // Chromium's emulated offline refuses fetch() of blob: URLs (media and downloads still load
  // them), so the file is checked as a person gets it: by downloading it.
  const saving = page.waitForEvent('download');
  await attachment.click();
  const file = await saving;
  expect(file.suggestedFilename()).toBe('fish-feed-notes.pdf');
  const bytes = readFileSync((await file.path())!)
    .subarray(0, 8)
    .toString();
  expect(bytes).toBe('%PDF-1.7');

  await page.getByRole('link', { name: 'Next lesson: A tour of the pond' }).click();
  const video = page.getByTestId('lesson-video');
  await expect(video).toHaveAttribute('src', /^blob:/);
  const played = await video.evaluate(async (el) => {
    const v = el as HTMLVideoElement;
    v.muted = true;
    if (v.readyState < 1) await new Promise((r) => v.addEventListener('loadedmetadata', r, { once: true }));
    await v.play();
    await new Promise((r) => setTimeout(r, 600));
    return { duration: v.duration, time: v.currentTime };
  });
  expect(played.duration).toBeGreaterThan(5);
  expect(played.time).toBeGreaterThan(0);

  // The certificate opens offline too, its PDF from the device.
  await page.goto(`/certificates/${certificateCode}`);
  await expect(page.getByTestId('certificate-code')).toHaveText(certificateCode!);
  const pdfLink = page.getByRole('link', { name: 'Download PDF' });
  await expect(pdfLink).toHaveAttribute('href', /^blob:/);
  const pdfSaving = page.waitForEvent('download');
  await pdfLink.click();
  expect(
    readFileSync((await (await pdfSaving).path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  // Back online: delete works, and a refunded course's download goes at the next sync.
  await context.setOffline(false);
  await page.goto('/profile#downloads');
  await rows
    .filter({ hasText: free.title })
    .getByRole('button', { name: `Delete the download of ${free.title}` })
    .click();
  await expect(rows).toHaveCount(1);
  await expect(page.getByTestId('downloads-total')).toContainText('1 course uses');

  const { purchases } = await ok<{ purchases: { id: string; item: { id: string } }[] }>(
    await page.request.get('/api/user/payments'),
  );
  const payment = purchases.find((p) => p.item.id === paid.id)!;
  await ok(
    await page.request.post(`/api/payments/${payment.id}/refund-request`, {
      data: { reason: 'I cannot keep up with the course.' },
    }),
    201,
  );
  const admin = await adminApi();
  const { refundRequests } = await ok<{ refundRequests: { id: string; payment: { id: string } }[] }>(
    await admin.get('/api/admin/refund-requests'),
  );
  const refund = refundRequests.find((r) => r.payment.id === payment.id)!;
  await ok(await admin.post(`/api/admin/refund-requests/${refund.id}/decision`, { data: { decision: 'approve' } }));
  await admin.dispose();

  await page.reload();
  await expect(page.getByText('Nothing downloaded yet.')).toBeVisible();
  const left = await page.evaluate(async () => {
    const names = (await caches.keys()).filter((n) => n.startsWith('blet-downloads:'));
    const urls = await Promise.all(names.map(async (n) => (await (await caches.open(n)).keys()).length));
    return urls.reduce((a, b) => a + b, 0);
  });
  expect(left).toBe(0);

  // Logging out wipes what the member kept (here the free course, downloaded again).
  await page.goto(`/courses/course-detail/${free.id}`);
  await page.getByRole('button', { name: 'Download for offline' }).click();
  await page
    .getByRole('dialog', { name: 'Download for offline' })
    .getByRole('button', { name: /^Download \(/ })
    .click();
  await expect(page.getByTestId('course-download')).toBeVisible();
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect
    .poll(() => page.evaluate(async () => (await caches.keys()).filter((n) => n.startsWith('blet-downloads:')).length))
    .toBe(0);
});
