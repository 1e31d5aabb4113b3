import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actor, as, courseInput, type Actor } from '../features/courses/testing/course-fixtures';
import { createHarness, type Harness } from '../test/harness';

/** Issue 10: a NUL character in any string that reaches SQL was an anonymous 500. */
describe('a NUL character anywhere in a request', () => {
  let h: Harness;
  let member: Actor;
  beforeAll(async () => {
    h = await createHarness();
    member = await actor(h, 'tutor');
  });
  afterAll(() => h.close());

  const refused = (res: { statusCode: number; json(): unknown }, field: string) => {
    expect(res.statusCode).toBe(400);
    const body = res.json() as { error: string; code: string; fields: Record<string, string> };
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.fields[field]).toMatch(/NUL|invisible|character/i);
    expect(body.error).toBe(body.fields[field]);
  };

  it('in the catalogue search, without a session', async () => {
    refused(await as(h, null)('GET', '/api/courses?q=%00'), 'q');
  });

  it('in a login username', async () => {
    refused(
      await as(h, null)('POST', '/api/login', { username: 'ab\u0000c', password: 'Correct-Horse-9' }),
      'username',
    );
  });

  it('in a course title', async () => {
    refused(await as(h, member)('POST', '/api/courses', courseInput({ title: 'Books\u0000 and stock' })), 'title');
  });

  it('in a payment verification transactionId', async () => {
    const res = await as(h, member)('POST', `/api/course-payments/courses/${randomUUID()}/payment/verify`, {
      gateway: 'test',
      transactionId: 'tx\u0000',
    });
    refused(res, 'transactionId');
  });

  it('in a path parameter', async () => {
    refused(await as(h, member)('GET', '/api/payments/test-checkout/%00'), 'reference');
    // A visitor is refused before anything is validated (authorization first, decision 046).
    expect((await as(h, null)('GET', '/api/payments/test-checkout/%00')).statusCode).toBe(401);
  });

  it('deep inside a body, named by its path', async () => {
    const res = await as(h, null)('POST', '/api/login', {
      username: 'someone',
      password: 'Correct-Horse-9',
      extra: { list: ['x', 'y\u0000'] },
    });
    refused(res, 'extra.list.1');
  });

  it('in a key, or in the user agent a session stores', async () => {
    refused(
      await as(h, null)('POST', '/api/login', { username: 'someone', password: 'Correct-Horse-9', ['a\u0000b']: 1 }),
      'ab',
    );
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: member.user.username, password: 'Correct-Horse-9' },
      headers: { 'user-agent': 'Phone\u0000' },
    });
    refused(res, 'user-agent');
  });

  it('lets everything else through untouched', async () => {
    const res = await as(h, null)('GET', '/api/courses?q=%2500%20caf%C3%A9%20%F0%9F%93%9A');
    expect(res.statusCode).toBe(200);
  });
});
