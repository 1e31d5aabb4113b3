import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actor, type Actor } from '../courses/testing/course-fixtures';
import { harnessOn, type StorageHarness } from './testing/backends';
import { pngImage } from './testing/images';
import { multipart, storedKeys } from './testing/upload-requests';
import { formatBytes } from '#shared/uploads/uploads.schemas';
import { uploads } from './uploads.table';

const MB = 1024 * 1024;

/** Issue 25: a picture's cost is bounded by its pixels, and its WebP copies take quota as it does. */
describe('the picture budget', () => {
  let h: StorageHarness;
  let member: Actor;
  beforeAll(async () => {
    h = await harnessOn('disk', { env: { UPLOAD_QUOTA_MB: '1' } });
    member = await actor(h, 'student');
  });
  afterAll(() => h.close());

  const send = (kind: string, body: { payload: Buffer; headers: Record<string, string> }) =>
    h.app.inject({
      method: 'POST',
      url: `/api/uploads?kind=${kind}`,
      payload: body.payload,
      headers: { ...body.headers, cookie: member.cookie },
    });

  it('refuses a small file that claims more than 40 megapixels, with a sentence, as image and as avatar', async () => {
    const canvas = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const before = await storedKeys(h);
    for (const kind of ['image', 'avatar']) {
      const res = await send(kind, multipart(canvas, 'canvas.png', 'file', 'image/png'));
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json()).toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
        error: 'This picture is too large to process: choose one of at most 40 megapixels (for example 8000 × 5000).',
        fields: { file: 'At most 40 megapixels' },
      });
    }
    expect(await storedKeys(h)).toEqual(before);
  });

  it("counts a picture's WebP copies against the quota", async () => {
    const picture = await pngImage(700, 500);
    const res = await send('image', multipart(picture, 'noise.png', 'file', 'image/png'));
    expect(res.statusCode, res.body).toBe(201);
    const id = String(res.json().url).slice('/uploads/'.length, -'.png'.length);
    const [row] = await h.app.database.db.select().from(uploads).where(eq(uploads.id, id));
    const copies = (await storedKeys(h)).filter((k) => k.startsWith(`${id}-`));
    expect(copies.length).toBeGreaterThan(0);
    const copyBytes = copies.reduce((sum, k) => sum + statSync(join(h.config.dataDir, 'uploads', k)).size, 0);
    expect(row!.copiesSize).toBe(copyBytes);

    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(MB - 9)]);
    const refused = await send('document', multipart(pdf, 'big.pdf'));
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error).toContain(`you use ${formatBytes(picture.length + copyBytes)} of your 1.0 MB`);
  });
});
