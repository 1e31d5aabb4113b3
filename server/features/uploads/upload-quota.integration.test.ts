import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actor, makeCourse, type Actor } from '../courses/testing/course-fixtures';
import { STORAGE_BACKENDS, harnessOn, type StorageHarness } from './testing/backends';
import { multipart, storedKeys } from './testing/upload-requests';
import { UPLOADS_PER_HOUR } from './uploads.routes';
import { uploads } from './uploads.table';

const MB = 1024 * 1024;
const pdf = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(bytes - 9)]);

/** Small quotas (1 MB for members, 2 MB for tutors) so that a test fills them quickly. */
describe.each(STORAGE_BACKENDS)('upload quota on %s storage', (backend) => {
  let h: StorageHarness;
  beforeAll(async () => {
    h = await harnessOn(backend, { env: { UPLOAD_QUOTA_MB: '1', UPLOAD_QUOTA_TUTOR_MB: '2' } });
  });
  afterAll(() => h.close());

  const send = (who: Actor, body: { payload: Buffer | Readable; headers: Record<string, string> }) =>
    h.app.inject({
      method: 'POST',
      url: '/api/uploads?kind=document',
      payload: body.payload,
      headers: { ...body.headers, cookie: who.cookie },
    });
  const rowsOf = async (who: Actor) =>
    (await h.app.database.db.select({ n: count() }).from(uploads).where(eq(uploads.ownerId, who.user.id)))[0]!.n;

  it('refuses an upload past the quota with what is used, the limit and what to do, and stores nothing', async () => {
    const learner = await actor(h, 'student');
    expect((await send(learner, multipart(pdf(0.6 * MB), 'first.pdf'))).statusCode).toBe(201);
    const keys = await storedKeys(h);

    const declared = await send(learner, multipart(pdf(0.6 * MB), 'second.pdf'));
    expect(declared.statusCode).toBe(413);
    expect(declared.json()).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      error:
        'This upload does not fit in your storage: you use 0.6 MB of your 1.0 MB. ' +
        'Remove files you no longer use from your lessons (unused files are deleted after a day) or upload a smaller file.',
      fields: { file: 'Your uploads are limited to 1.0 MB in all' },
    });

    // Chunked, so no length is declared: the count while streaming is what stops it.
    const body = multipart(pdf(0.6 * MB), 'third.pdf');
    const chunked = await send(learner, { payload: Readable.from([body.payload]), headers: body.headers });
    expect(chunked.statusCode).toBe(413);
    expect(chunked.json().error).toContain('you use 0.6 MB of your 1.0 MB');

    expect(await rowsOf(learner)).toBe(1);
    expect(await storedKeys(h)).toEqual(keys);
    // What still fits is taken.
    expect((await send(learner, multipart(pdf(0.3 * MB), 'small.pdf'))).statusCode).toBe(201);
  });

  it('gives the larger quota to a tutor once an admin has approved a course of theirs', async () => {
    const tutor = await actor(h, 'tutor');
    await makeCourse(h, tutor.user);
    expect((await send(tutor, multipart(pdf(1.5 * MB), 'course.pdf'))).statusCode).toBe(201);
    const over = await send(tutor, multipart(pdf(0.6 * MB), 'more.pdf'));
    expect(over.statusCode).toBe(413);
    expect(over.json().error).toContain('you use 1.5 MB of your 2.0 MB');
  });
});

describe('upload rate limit', () => {
  let h: StorageHarness;
  beforeAll(async () => {
    h = await harnessOn('disk', { rateLimitScale: 1 });
  });
  afterAll(() => h.close());

  it(`lets a member upload ${UPLOADS_PER_HOUR} files in an hour, then asks them to wait`, async () => {
    const tutor = await actor(h, 'tutor');
    const file = pdf(200);
    for (let i = 0; i < UPLOADS_PER_HOUR; i++) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/uploads?kind=document',
        ...withCookie(multipart(file, `${i}.pdf`), tutor),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/uploads?kind=document',
      ...withCookie(multipart(file, 'one-more.pdf'), tutor),
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toBe(
      `You have uploaded ${UPLOADS_PER_HOUR} files in the last hour. Please wait a while and try again.`,
    );
    // Someone else is not held up by it.
    const other = await actor(h, 'tutor');
    expect(
      (
        await h.app.inject({
          method: 'POST',
          url: '/api/uploads?kind=document',
          ...withCookie(multipart(file, 'x.pdf'), other),
        })
      ).statusCode,
    ).toBe(201);
  });
});

function withCookie(body: { payload: Buffer; headers: Record<string, string> }, who: Actor) {
  return { payload: body.payload, headers: { ...body.headers, cookie: who.cookie } };
}
