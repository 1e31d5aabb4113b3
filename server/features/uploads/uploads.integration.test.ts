import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_LIMITS } from '../../../shared/uploads/uploads.schemas';
import { createHarness, type Harness } from '../../test/harness';
import { actor, type Actor } from '../courses/testing/course-fixtures';

let h: Harness;
let tutor: Actor;
beforeAll(async () => {
  h = await createHarness();
  tutor = await actor(h, 'tutor');
});
afterAll(() => h.close());

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PDF = Buffer.from('%PDF-1.7\n');
const png = (size: number) => Buffer.concat([PNG, randomBytes(size - PNG.length)]);

function multipart(content: Buffer, filename: string, field = 'file', type = 'application/octet-stream') {
  const boundary = `----blet${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function upload(kind: string, body: { payload: Buffer | Readable; headers: Record<string, string> }, who: Actor | null = tutor) {
  return h.app.inject({
    method: 'POST',
    url: `/api/uploads?kind=${kind}`,
    payload: body.payload,
    headers: { ...body.headers, ...(who ? { cookie: who.cookie } : {}) },
  });
}

const stored = () => readdirSync(join(h.config.dataDir, 'uploads'));

describe('POST /api/uploads', () => {
  it('stores an image under a server-made name and describes it', async () => {
    const res = await upload('image', multipart(png(2_000), 'My photo.png', 'file', 'image/png'));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ kind: 'image', name: 'My photo.png', contentType: 'image/png', size: 2_000 });
    expect(body.url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    expect(stored()).toContain(body.url.split('/').pop());
  });

  it('answers 401 to a visitor and 403 ACCOUNT_SUSPENDED to a member suspended from courses', async () => {
    expect((await upload('image', multipart(png(100), 'a.png'), null)).statusCode).toBe(401);
    const suspended = await actor(h, 'tutor');
    await h.app.services.accounts.suspend(suspended.user.id, { reason: 'Spam', restrictions: ['courses'] });
    const res = await upload('image', multipart(png(100), 'a.png'), suspended);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
  });

  it('refuses a file past the limit with 413, whether the length is declared or not', async () => {
    const big = png(UPLOAD_LIMITS.image.maxBytes + 1);
    const declared = await upload('image', multipart(big, 'big.png'));
    expect(declared.statusCode).toBe(413);
    expect(declared.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', error: expect.stringContaining('too large') });
    // Chunked: no Content-Length, so the streaming limit is what stops it.
    const body = multipart(big, 'big.png');
    const chunked = await upload('image', { payload: Readable.from([body.payload]), headers: body.headers });
    expect(chunked.statusCode).toBe(413);
    expect(chunked.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(stored().filter((n) => n.startsWith('.incoming'))).toEqual([]);
  });

  it('judges the type by the bytes: a PDF named .png is refused as an image', async () => {
    const res = await upload('image', multipart(Buffer.concat([PDF, randomBytes(500)]), 'holiday.png', 'file', 'image/png'));
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', error: expect.stringContaining('PNG, JPEG, WebP or GIF') });
    const text = await upload('document', multipart(Buffer.from('just some text, honest'), 'notes.pdf', 'file', 'application/pdf'));
    expect(text.statusCode).toBe(415);
  });

  it('keeps a path in the file name harmless', async () => {
    const res = await upload('document', multipart(Buffer.concat([PDF, randomBytes(300)]), '../../etc/passwd.pdf'));
    expect(res.statusCode, res.body).toBe(201);
    const { url, name } = res.json();
    expect(name).toBe('passwd.pdf');
    expect(url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.pdf$/);
    expect(existsSync(join(h.config.dataDir, 'etc'))).toBe(false);
    // Documents are private (lesson-media.integration.test.ts): the uploader may fetch their own.
    const file = await h.app.inject({ method: 'GET', url, headers: { cookie: tutor.cookie } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="passwd.pdf"; filename*=UTF-8''passwd.pdf`);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses a request that is not multipart, and one without a file field', async () => {
    const json = await h.app.inject({ method: 'POST', url: '/api/uploads?kind=image', payload: { file: 'x' }, headers: { cookie: tutor.cookie } });
    expect(json.statusCode).toBe(415);
    expect((await upload('image', multipart(png(100), 'a.png', 'photo'))).statusCode).toBe(400);
    expect((await upload('sound', multipart(png(100), 'a.png'))).statusCode).toBe(400);
  });
});

describe('GET /uploads/{storedName}', () => {
  it('serves images inline and answers byte ranges with 206, so videos can seek', async () => {
    const bytes = png(1_000);
    const { url } = (await upload('image', multipart(bytes, 'range.png'))).json();
    // Media is sent as stored, whatever the client accepts: ranges count the stored bytes.
    const headers = { 'accept-encoding': 'br, gzip' };
    const whole = await h.app.inject({ method: 'GET', url, headers });
    expect(whole.headers['content-type']).toBe('image/png');
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.headers['content-disposition']).toMatch(/^inline; filename="range.png"/);
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    const part = await h.app.inject({ method: 'GET', url, headers: { ...headers, range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.headers['content-range']).toBe('bytes 100-199/1000');
    expect(part.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);
  });

  it('answers 404 for unknown names and for anything that is not a stored name', async () => {
    for (const url of ['/uploads/00000000-0000-4000-8000-000000000000.png', '/uploads/..%2F..%2Fetc%2Fpasswd', '/uploads/x.html']) {
      const res = await h.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
