import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actor, type Actor } from '../courses/testing/course-fixtures';
import { harnessOn, type StorageHarness } from './testing/backends';
import { pngImage } from './testing/images';
import { multipart, storedKeys } from './testing/upload-requests';

/**
 * Bodies no browser sends but a fuzzer or a broken client does (issue 25: 57 of 198 such tries
 * answered 500). Each is a 4xx with an `error` sentence, and nothing is left in the storage.
 */
describe('a malformed multipart body', () => {
  let h: StorageHarness;
  let tutor: Actor;
  let whole: { payload: Buffer; headers: Record<string, string> };
  beforeAll(async () => {
    h = await harnessOn('disk');
    tutor = await actor(h, 'tutor');
    whole = multipart(await pngImage(400, 300), 'photo.png', 'file', 'image/png');
  });
  afterAll(() => h.close());

  const post = (payload: Buffer, contentType: string) =>
    h.app.inject({
      method: 'POST',
      url: '/api/uploads?kind=image',
      payload,
      headers: { 'content-type': contentType, cookie: tutor.cookie },
    });

  const cases: Array<[string, () => [Buffer, string]]> = [
    ['no boundary', () => [whole.payload, 'multipart/form-data']],
    ['an empty boundary', () => [whole.payload, 'multipart/form-data; boundary=']],
    ['a truncated part', () => [whole.payload.subarray(0, 300), whole.headers['content-type']!]],
    ['headers cut before the body', () => [whole.payload.subarray(0, 60), whole.headers['content-type']!]],
    ['random bytes', () => [randomBytes(2048), whole.headers['content-type']!]],
    ['random bytes under another boundary', () => [randomBytes(2048), 'multipart/form-data; boundary=x']],
    ['an empty body', () => [Buffer.alloc(0), whole.headers['content-type']!]],
    ['a closing delimiter only', () => [Buffer.from('--x--\r\n'), 'multipart/form-data; boundary=x']],
  ];

  it.each(cases)('answers 4xx with a sentence to %s, and stores nothing', async (_name, make) => {
    const before = await storedKeys(h);
    const [payload, type] = make();
    const res = await post(payload, type);
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, res.body).toBeLessThan(500);
    expect(res.json().error).toEqual(expect.any(String));
    expect(await storedKeys(h)).toEqual(before);
  });

  it('still takes the whole body afterwards', async () => {
    const res = await post(whole.payload, whole.headers['content-type']!);
    expect(res.statusCode, res.body).toBe(201);
  });
});
