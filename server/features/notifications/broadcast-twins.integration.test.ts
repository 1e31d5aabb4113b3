import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogin, buildUser, createHarness, type Harness } from '#server/test/harness';
import { notificationBroadcasts } from './notifications.table';

/** Issue 26: a broadcast sent twice (a double click, a retried request) goes out once. */
let h: Harness;
let cookie: string;
let adminId: string;

beforeAll(async () => {
  h = await createHarness();
  const admin = await buildUser(h, { role: 'admin' });
  adminId = admin.id;
  cookie = await adminLogin(h, admin.email);
});
afterAll(() => h.close());

const send = (payload: object) =>
  h.app.inject({ method: 'POST', url: '/api/admin/broadcasts', headers: { cookie }, payload });
const sentBy = async () =>
  (
    await h.app.database.db
      .select({ n: count() })
      .from(notificationBroadcasts)
      .where(eq(notificationBroadcasts.createdBy, adminId))
  )[0]!.n;

describe('POST /api/admin/broadcasts twice', () => {
  it('answers the same broadcast for an identical one at once, even concurrently; a different one goes out', async () => {
    const body = { title: 'Maintenance tonight', message: 'The site rests from 23:00 WAT.', audience: 'all' };
    const [a, b] = await Promise.all([send(body), send(body)]);
    expect(a.statusCode, a.body).toBe(201);
    expect(b.statusCode, b.body).toBe(201);
    expect(b.json().id).toBe(a.json().id);
    expect((await send(body)).json().id).toBe(a.json().id);
    expect(await sentBy()).toBe(1);

    const other = await send({ ...body, message: 'The site rests from 23:30 WAT.' });
    expect(other.statusCode).toBe(201);
    expect(other.json().id).not.toBe(a.json().id);
    expect(await sentBy()).toBe(2);
  });
});
