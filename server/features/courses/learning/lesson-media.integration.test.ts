import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type { TUpload, TUploadKind } from '#shared/uploads/uploads.schemas';
import { STORAGE_BACKENDS, harnessOn, type StorageHarness } from '#server/features/uploads/testing/backends';
import { pngImage } from '#server/features/uploads/testing/images';
import { buy, sale } from '#server/features/payments/testing/payment-fixtures';
import { actor, as, makeCourse, type Actor } from '../testing/course-fixtures';

/**
 * Who may fetch a lesson's video or attachment at /uploads/<name> (courses register the rule
 * with uploads in app.ts): a table over a paid course, as for the course routes. "learner"
 * bought the course; "refunded" bought it and was refunded, through the refund flow.
 */
describe.each(STORAGE_BACKENDS)('lesson media on %s storage', (backend) => {
  let h: StorageHarness;
  const WHO = ['visitor', 'member', 'learner', 'refunded', 'tutor', 'otherTutor', 'admin', 'suspended'] as const;
  type Who = (typeof WHO)[number];
  const people = {} as Record<Who, Actor | null>;
  const files = {} as Record<
    'paidVideo' | 'attachment' | 'previewVideo' | 'unlinked' | 'draftPreview' | 'image',
    TUpload
  >;

  const WEBM = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81]);
  const PDF = Buffer.from('%PDF-1.7\n');
  const HEADS: Record<Exclude<TUploadKind, 'image' | 'avatar'>, Buffer> = {
    video: WEBM,
    document: PDF,
    captions: Buffer.from('WEBVTT\n\n'),
    attachment: Buffer.from('name,total\nAda,2\n'),
  };

  let image: Buffer;
  const bytesOf = (kind: Exclude<TUploadKind, 'avatar'>) =>
    kind === 'image' ? image : Buffer.concat([HEADS[kind], randomBytes(1_000 - HEADS[kind].length)]);
  const store = (owner: TUser, kind: Exclude<TUploadKind, 'avatar'>, name: string) =>
    h.services.uploads.store(owner, kind, { stream: Readable.from([bytesOf(kind)]), filename: name });
  const get = (who: Actor | null, url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    h.app.inject({ method, url, headers: { ...headers, ...(who ? { cookie: who.cookie } : {}) } });

  beforeAll(async () => {
    image = await pngImage(64, 36);
    h = await harnessOn(backend);
    const { courseContent, accounts } = h.services;
    const admin = await actor(h, 'admin');
    people.admin = admin;
    people.visitor = null;
    people.member = await actor(h, 'general');
    people.otherTutor = await actor(h, 'mentor');

    // A paid course whose first lesson is a preview; the tutor links a video to each lesson and
    // a PDF to the second, the way the builder does.
    const s = await sale(h, admin, { lessons: 2 });
    const tutor = s.tutor;
    people.tutor = tutor;
    files.previewVideo = await store(tutor.user, 'video', 'preview.webm');
    files.paidVideo = await store(tutor.user, 'video', 'paid.webm');
    files.attachment = await store(tutor.user, 'document', 'workbook.pdf');
    files.unlinked = await store(tutor.user, 'video', 'not-yet.webm');
    files.image = await store(tutor.user, 'image', 'cover.png');
    const [previewLesson, paidLesson] = s.lessonIds as [string, string];
    await courseContent.updateLesson(tutor.user, s.courseId, previewLesson, {
      kind: 'video',
      videoUploadId: files.previewVideo.id,
    });
    await courseContent.updateLesson(tutor.user, s.courseId, paidLesson, {
      kind: 'video',
      videoUploadId: files.paidVideo.id,
      attachmentUploadIds: [files.attachment.id],
    });

    // The same tutor's draft: even its preview lesson is nobody else's yet.
    const draft = await makeCourse(h, tutor.user, { status: 'draft' });
    files.draftPreview = await store(tutor.user, 'video', 'draft.webm');
    await courseContent.updateLesson(tutor.user, draft.id, draft.lessonIds[0]!, {
      kind: 'video',
      videoUploadId: files.draftPreview.id,
    });

    people.learner = s.buyer;
    await buy(h, s);
    people.refunded = await actor(h, 'student');
    const { paymentId } = await buy(h, { buyer: people.refunded, courseId: s.courseId });
    // Allowed while enrolled, so that the 404 below is the refund's doing.
    expect((await get(people.refunded, files.paidVideo.url)).statusCode).toBe(200);
    const asked = await as(h, people.refunded)('POST', `/api/payments/${paymentId}/refund-request`, {
      reason: 'Not what the summary promised, sorry.',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const decided = await as(h, admin)('POST', `/api/admin/refund-requests/${asked.json().refund.id}/decision`, {
      decision: 'approve',
    });
    expect(decided.statusCode, decided.body).toBe(200);

    // Bought the course, then suspended from courses: the area is closed to them, files included.
    const suspended = await actor(h, 'student');
    await buy(h, { buyer: suspended, courseId: s.courseId });
    await accounts.suspend(suspended.user.id, { reason: 'Sharing course videos', restrictions: ['courses'] });
    people.suspended = suspended;
  });
  afterAll(() => h.close());

  const rows: Array<{ file: keyof typeof files; expect: Record<Who, 200 | 404> }> = [
    // visitor, member, learner, refunded, tutor, otherTutor, admin, suspended
    { file: 'paidVideo', expect: row(404, 404, 200, 404, 200, 404, 200, 404) },
    { file: 'attachment', expect: row(404, 404, 200, 404, 200, 404, 200, 404) },
    { file: 'previewVideo', expect: row(200, 200, 200, 200, 200, 200, 200, 404) },
    // Just uploaded in the builder, not linked to any lesson yet.
    { file: 'unlinked', expect: row(404, 404, 404, 404, 200, 404, 200, 404) },
    { file: 'draftPreview', expect: row(404, 404, 404, 404, 200, 404, 200, 404) },
    // Images stay public: thumbnails and pictures in lesson text appear on public pages.
    { file: 'image', expect: row(200, 200, 200, 200, 200, 200, 200, 200) },
  ];
  function row(...statuses: Array<200 | 404>): Record<Who, 200 | 404> {
    return Object.fromEntries(WHO.map((who, i) => [who, statuses[i]!])) as Record<Who, 200 | 404>;
  }

  describe.each(rows)('GET the $file', ({ file, expect: expected }) => {
    it.each(WHO.map((who) => [who, expected[who]] as const))('%s → %i', async (who, status) => {
      const res = await get(people[who], files[file].url);
      expect(res.statusCode, res.body).toBe(status);
      if (status === 404) {
        // Exactly what a name that was never stored gets: nothing tells the file exists.
        expect(res.json()).toEqual({ error: 'File not found.', code: 'NOT_FOUND' });
        expect(res.headers['content-disposition']).toBeUndefined();
      } else {
        expect(res.rawPayload.length).toBe(file === 'image' ? image.length : 1_000);
      }
      const head = await get(people[who], files[file].url, {}, 'HEAD');
      expect(head.statusCode).toBe(status);
    });
  });

  describe('serving a private file', () => {
    it('answers a byte range with 206 to someone allowed, and 404 to anyone else', async () => {
      const { url } = files.paidVideo;
      const part = await get(people.learner, url, { range: 'bytes=100-199' });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe('bytes 100-199/1000');
      expect(part.headers['content-type']).toBe('video/webm');
      expect(part.rawPayload.length).toBe(100);
      expect(part.headers['cache-control']).toBe('private, max-age=3600');
      expect((await get(people.refunded, url, { range: 'bytes=100-199' })).statusCode).toBe(404);
      expect((await get(null, url, { range: 'bytes=0-' })).statusCode).toBe(404);
    });

    it("lets only the reader's browser keep it, where images stay cached for good", async () => {
      const video = await get(people.learner, files.paidVideo.url);
      expect(video.headers['cache-control']).toBe('private, max-age=3600');
      const preview = await get(null, files.previewVideo.url);
      expect(preview.headers['cache-control']).toBe('private, max-age=3600');
      const pdf = await get(people.learner, files.attachment.url);
      expect(pdf.headers['cache-control']).toBe('private, max-age=3600');
      expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="workbook.pdf"/);
      const image = await get(null, files.image.url);
      expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('treats a stale or forged session as a visitor', async () => {
      const res = await h.app.inject({
        method: 'GET',
        url: files.paidVideo.url,
        headers: { cookie: 'sid=not-a-session' },
      });
      expect(res.statusCode).toBe(404);
      expect(
        (await h.app.inject({ method: 'GET', url: files.previewVideo.url, headers: { cookie: 'sid=not-a-session' } }))
          .statusCode,
      ).toBe(200);
    });
  });
});
