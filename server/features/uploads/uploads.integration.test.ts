import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS, UPLOAD_LIMITS } from '#shared/uploads/uploads.schemas';
import { createStorage } from '#server/lib/storage';
import { actor, type Actor } from '../courses/testing/course-fixtures';
import { STORAGE_BACKENDS, harnessOn, type StorageHarness } from './testing/backends';
import { pngImage } from './testing/images';
import { multipart, storedKeys } from './testing/upload-requests';
import { enqueueImageConversion } from './uploads.queue';
import { uploads } from './uploads.table';

describe.each(STORAGE_BACKENDS)('uploads on %s storage', (backend) => {
  let h: StorageHarness;
  let tutor: Actor;
  let image: Buffer;
  beforeAll(async () => {
    h = await harnessOn(backend);
    tutor = await actor(h, 'tutor');
    image = await pngImage(1200, 675);
  });
  afterAll(() => h.close());

  const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const PDF = Buffer.from('%PDF-1.7\n');
  const fakePng = (size: number) => Buffer.concat([PNG_SIGNATURE, randomBytes(size - PNG_SIGNATURE.length)]);

  function upload(
    kind: string,
    body: { payload: Buffer | Readable; headers: Record<string, string> },
    who: Actor | null = tutor,
  ) {
    return h.app.inject({
      method: 'POST',
      url: `/api/uploads?kind=${kind}`,
      payload: body.payload,
      headers: { ...body.headers, ...(who ? { cookie: who.cookie } : {}) },
    });
  }
  const stored = () => storedKeys(h);

  describe('POST /api/uploads', () => {
    it('stores an image under a server-made name with WebP copies at every width, and describes it', async () => {
      const res = await upload('image', multipart(image, 'My photo.png', 'file', 'image/png'));
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({ kind: 'image', name: 'My photo.png', contentType: 'image/png', size: image.length });
      expect(body.url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
      const id = body.url.slice('/uploads/'.length, -'.png'.length);
      expect(body.srcset).toBe(IMAGE_WIDTHS.map((w) => `/uploads/${id}-${w}w.webp ${w}w`).join(', '));
      expect(await stored()).toEqual(
        expect.arrayContaining([`${id}.png`, ...IMAGE_WIDTHS.map((w) => `${id}-${w}w.webp`)]),
      );
    });

    it('answers 401 to a visitor and 403 ACCOUNT_SUSPENDED to a member suspended from courses', async () => {
      expect((await upload('image', multipart(image, 'a.png'), null)).statusCode).toBe(401);
      const suspended = await actor(h, 'tutor');
      await h.services.accounts.suspend(suspended.user.id, { reason: 'Spam', restrictions: ['courses'] });
      const res = await upload('image', multipart(image, 'a.png'), suspended);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
    });

    it('refuses a file past the limit with 413, whether the length is declared or not, and keeps nothing', async () => {
      const before = await stored();
      const big = fakePng(UPLOAD_LIMITS.image.maxBytes + 1);
      const declared = await upload('image', multipart(big, 'big.png'));
      expect(declared.statusCode).toBe(413);
      expect(declared.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', error: expect.stringContaining('too large') });
      // Chunked: no Content-Length, so the streaming limit is what stops it.
      const body = multipart(big, 'big.png');
      const chunked = await upload('image', { payload: Readable.from([body.payload]), headers: body.headers });
      expect(chunked.statusCode).toBe(413);
      expect(chunked.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', error: expect.stringContaining('too large') });
      expect(await stored()).toEqual(before);
    });

    it('judges the type by the bytes: a PDF named .png, and bytes that only start like a PNG, are refused', async () => {
      const before = await stored();
      const res = await upload(
        'image',
        multipart(Buffer.concat([PDF, randomBytes(500)]), 'holiday.png', 'file', 'image/png'),
      );
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        error: expect.stringContaining('PNG, JPEG, WebP or GIF'),
      });
      expect((await upload('image', multipart(fakePng(2_000), 'noise.png'))).statusCode).toBe(415);
      const text = await upload(
        'document',
        multipart(Buffer.from('just some text, honest'), 'notes.pdf', 'file', 'application/pdf'),
      );
      expect(text.statusCode).toBe(415);
      expect(await stored()).toEqual(before);
    });

    it('keeps a path in the file name harmless', async () => {
      const res = await upload('document', multipart(Buffer.concat([PDF, randomBytes(300)]), '../../etc/passwd.pdf'));
      expect(res.statusCode, res.body).toBe(201);
      const { url, name, srcset } = res.json();
      expect(name).toBe('passwd.pdf');
      expect(srcset).toBeNull();
      expect(url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.pdf$/);
      expect(existsSync(join(h.config.dataDir, 'etc'))).toBe(false);
      // Documents are private (lesson-media.integration.test.ts): the uploader may fetch their own.
      const file = await h.app.inject({ method: 'GET', url, headers: { cookie: tutor.cookie } });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-disposition']).toBe(
        `attachment; filename="passwd.pdf"; filename*=UTF-8''passwd.pdf`,
      );
      expect(file.headers['x-content-type-options']).toBe('nosniff');
    });

    it('refuses a request that is not multipart, and one without a file field', async () => {
      const json = await h.app.inject({
        method: 'POST',
        url: '/api/uploads?kind=image',
        payload: { file: 'x' },
        headers: { cookie: tutor.cookie },
      });
      expect(json.statusCode).toBe(415);
      expect((await upload('image', multipart(image, 'a.png', 'photo'))).statusCode).toBe(400);
      expect((await upload('sound', multipart(image, 'a.png'))).statusCode).toBe(400);
    });
  });

  describe('GET /uploads/{storedName}', () => {
    const video = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), randomBytes(20_000 - 4)]);

    it('serves images inline, cached for good, and their WebP copies', async () => {
      const { url, srcset } = (await upload('image', multipart(image, 'range.png'))).json();
      const whole = await h.app.inject({ method: 'GET', url });
      expect(whole.headers['content-type']).toBe('image/png');
      expect(whole.headers['content-disposition']).toMatch(/^inline; filename="range.png"/);
      expect(whole.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(whole.rawPayload.equals(image)).toBe(true);
      const copy = await h.app.inject({ method: 'GET', url: srcset.split(', ')[1].split(' ')[0] });
      expect(copy.statusCode).toBe(200);
      expect(copy.headers['content-type']).toBe('image/webp');
      expect(await sharp(copy.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 320, height: 180 });
      expect(copy.rawPayload.length).toBeLessThan(image.length / 5);
    });

    it('answers Save-Data: on with the smallest copy of a picture, varying on the header; other files as stored', async () => {
      const { id, url } = (await upload('image', multipart(image, 'saver.png'))).json();
      const saver = await h.app.inject({ method: 'GET', url, headers: { 'save-data': 'on' } });
      expect(saver.statusCode).toBe(200);
      expect(saver.headers['content-type']).toBe('image/webp');
      expect(saver.headers.vary).toBe('Save-Data');
      expect(await sharp(saver.rawPayload).metadata()).toMatchObject({ format: 'webp', width: IMAGE_WIDTHS[0] });
      const full = await h.app.inject({ method: 'GET', url });
      expect(full.headers.vary).toBe('Save-Data');
      expect(full.rawPayload.equals(image)).toBe(true);
      // A copy asked by name is that copy whatever the header says; it never varies.
      const copy = await h.app.inject({
        method: 'GET',
        url: `/uploads/${id}-640w.webp`,
        headers: { 'save-data': 'on' },
      });
      expect(copy.headers.vary).toBeUndefined();
      expect(await sharp(copy.rawPayload).metadata()).toMatchObject({ width: 640 });
      // Before its copies exist, the original is all there is.
      await h.app.database.db.update(uploads).set({ variantsMadeAt: null }).where(eq(uploads.id, id));
      const early = await h.app.inject({ method: 'GET', url, headers: { 'save-data': 'on' } });
      expect(early.headers['content-type']).toBe('image/png');
      expect(early.headers.vary).toBeUndefined();
    });

    it('keeps a private image and its copies to its uploader (no reader links it here), not public nor admins', async () => {
      const res = await upload('image&private=true', multipart(image, 'private.png'));
      expect(res.statusCode, res.body).toBe(201);
      const { url, srcset, private: isPrivate } = res.json();
      expect(isPrivate).toBe(true);
      const copy = srcset.split(', ')[1].split(' ')[0];
      const admin = await actor(h, 'admin');
      const other = await actor(h, 'tutor');
      for (const u of [url, copy]) {
        const mine = await h.app.inject({ url: u, headers: { cookie: tutor.cookie } });
        expect(mine.statusCode).toBe(200);
        expect(mine.headers['cache-control']).toBe('private, max-age=3600');
        for (const headers of [{}, { cookie: other.cookie }, { cookie: admin.cookie }])
          expect((await h.app.inject({ url: u, headers })).statusCode).toBe(404);
      }
      expect((await upload('image&private=maybe', multipart(image, 'x.png'))).statusCode).toBe(400);
    });

    it('answers byte ranges with 206 and a range past the end with 416, so videos can seek', async () => {
      const { url } = (await upload('video', multipart(video, 'lesson.webm'))).json();
      const get = (range?: string, method: 'GET' | 'HEAD' = 'GET') =>
        h.app.inject({ method, url, headers: { cookie: tutor.cookie, ...(range ? { range } : {}) } });
      const whole = await get();
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['accept-ranges']).toBe('bytes');
      expect(whole.rawPayload.equals(video)).toBe(true);
      const part = await get('bytes=100-199');
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe('bytes 100-199/20000');
      expect(part.headers['content-length']).toBe('100');
      expect(part.rawPayload.equals(video.subarray(100, 200))).toBe(true);
      const tail = await get('bytes=-500');
      expect(tail.headers['content-range']).toBe('bytes 19500-19999/20000');
      expect(tail.rawPayload.equals(video.subarray(19_500))).toBe(true);
      const past = await get('bytes=20000-');
      expect(past.statusCode).toBe(416);
      expect(past.headers['content-range']).toBe('bytes */20000');
      const head = await get(undefined, 'HEAD');
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-length']).toBe('20000');
      expect(head.rawPayload.length).toBe(0);
    });

    it('answers 404 for a WebP copy not made yet, and serves it once the conversion job has run', async () => {
      const { id } = (await upload('image', multipart(image, 'old.png'))).json();
      const storage = createStorage(h.config);
      await storage.delete(`${id}-640w.webp`);
      await h.app.database.db.update(uploads).set({ variantsMadeAt: null }).where(eq(uploads.id, id));
      expect(await stored()).not.toContain(`${id}-640w.webp`);
      const early = await h.app.inject({ method: 'GET', url: `/uploads/${id}-640w.webp` });
      expect(early.statusCode).toBe(404);
      expect(await stored()).not.toContain(`${id}-640w.webp`);
      await enqueueImageConversion(h.services.jobs, h.app.database.db);
      await h.jobs.runDue();
      const copy = await h.app.inject({ method: 'GET', url: `/uploads/${id}-640w.webp` });
      expect(copy.statusCode).toBe(200);
      expect(await sharp(copy.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 640 });
      expect(await stored()).toContain(`${id}-640w.webp`);
    });

    it('answers 404 for unknown names, anything that is not a stored name, and copies of what is not an image', async () => {
      const { id } = (await upload('video', multipart(video, 'v.webm'))).json();
      for (const url of [
        '/uploads/00000000-0000-4000-8000-000000000000.png',
        '/uploads/00000000-0000-4000-8000-000000000000-320w.webp',
        '/uploads/..%2F..%2Fetc%2Fpasswd',
        '/uploads/x.html',
        `/uploads/${id}.png`,
        `/uploads/${id}-320w.webp`,
        `/uploads/${id}-321w.webp`,
      ]) {
        const res = await h.app.inject({ method: 'GET', url, headers: { cookie: tutor.cookie } });
        expect(res.statusCode, url).toBe(404);
      }
    });

    it('sends media as stored whatever the client accepts, so ranges count the stored bytes', async () => {
      const { url } = (await upload('video', multipart(video, 'encoded.webm'))).json();
      const headers = { cookie: tutor.cookie, 'accept-encoding': 'br, gzip' };
      const whole = await h.app.inject({ method: 'GET', url, headers });
      expect(whole.headers['content-encoding']).toBeUndefined();
      const part = await h.app.inject({ method: 'GET', url, headers: { ...headers, range: 'bytes=100-199' } });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-encoding']).toBeUndefined();
      expect(part.rawPayload.equals(video.subarray(100, 200))).toBe(true);
    });
  });
});
