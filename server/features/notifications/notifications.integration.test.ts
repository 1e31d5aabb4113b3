import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countSql } from '../../../bench/sql-counter';
import { ZNotificationList } from '#shared/notifications/notifications.schemas';
import { buildUser, createHarness, login, type Harness } from '#server/test/harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

/** A signed-in member and a way to notify them. */
async function member() {
  const user = await buildUser(h);
  const cookie = await login(h, user.username);
  const notify = (title: string, type: 'chat_message' | 'payment_received' | 'gig_posted' = 'chat_message') =>
    h.services.notifications.notify(user.id, { type, title, message: `About ${title}`, link: '/chat' });
  const get = (url: string) => h.app.inject({ method: 'GET', url, headers: { cookie } });
  const post = (url: string) => h.app.inject({ method: 'POST', url, headers: { cookie } });
  const unread = async () => (await get('/api/notifications/unread-count')).json().unreadCount as number;
  return { user, cookie, notify, get, post, unread };
}

describe('every notification route', () => {
  const routes = [
    ['GET', '/api/notifications'],
    ['GET', '/api/notifications/unread-count'],
    ['POST', '/api/notifications/00000000-0000-4000-8000-000000000000/read'],
    ['POST', '/api/notifications/mark-all-read'],
    ['GET', '/api/notifications/preferences'],
    ['PUT', '/api/notifications/preferences'],
  ] as const;

  it.each(routes)('%s %s answers 401 to a visitor', async (method, url) => {
    const res = await h.app.inject({ method, url, payload: method === 'PUT' ? { preferences: [] } : undefined });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED', error: expect.any(String) });
  });

  it.each(routes)('%s %s answers a member', async (method, url) => {
    const m = await member();
    const res = await h.app.inject({
      method,
      url,
      headers: { cookie: m.cookie },
      payload: method === 'PUT' ? { preferences: [] } : undefined,
    });
    // The made-up id is nobody's notification: the one 404 in this list.
    expect(res.statusCode).toBe(url.endsWith('/read') ? 404 : 200);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /api/notifications', () => {
  it('answers the spec shape, newest first, with the unread count', async () => {
    const m = await member();
    await m.notify('first', 'payment_received');
    await m.notify('second', 'gig_posted');
    const res = await m.get('/api/notifications');
    expect(res.statusCode).toBe(200);
    const body = ZNotificationList.strict().parse(res.json());
    expect(body.unreadCount).toBe(2);
    expect(body.notifications.map((n) => n.title)).toEqual(['second', 'first']);
    expect(body.notifications[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'gig_posted',
      title: 'second',
      message: 'About second',
      isRead: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      link: '/chat',
    });
  });

  it('pages by limit and offset (default 20, at most 50) and filters unread', async () => {
    const m = await member();
    for (let i = 0; i < 55; i++) await m.notify(`n${i}`);
    const first = (await m.get('/api/notifications')).json();
    expect(first.notifications).toHaveLength(20);
    expect(first.unreadCount).toBe(55);
    expect((await m.get('/api/notifications?limit=50')).json().notifications).toHaveLength(50);
    const tail = (await m.get('/api/notifications?limit=10&offset=50')).json();
    expect(tail.notifications.map((n: { title: string }) => n.title)).toEqual(['n4', 'n3', 'n2', 'n1', 'n0']);
    const empty = (await m.get('/api/notifications?offset=500')).json();
    expect(empty).toEqual({ notifications: [], unreadCount: 55 });

    await m.post(`/api/notifications/${first.notifications[0].id}/read`);
    const unreadOnly = (await m.get('/api/notifications?unread=true&limit=50')).json();
    expect(unreadOnly.notifications).toHaveLength(50);
    expect(unreadOnly.notifications.every((n: { isRead: boolean }) => !n.isRead)).toBe(true);
    expect(unreadOnly.notifications[0].title).toBe('n53');
  });

  it.each(['limit=0', 'limit=51', 'limit=-1', 'limit=abc', 'limit=1.5', 'offset=-1', 'offset=x', 'unread=yes'])(
    'refuses %s with 400, an error and a code',
    async (query) => {
      const m = await member();
      const res = await m.get(`/api/notifications?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', error: expect.any(String) });
    },
  );

  it('shows a user only their own notifications, and still serves a suspended user', async () => {
    const a = await member();
    const b = await member();
    await a.notify('for a');
    await b.notify('for b');
    expect((await a.get('/api/notifications')).json().notifications.map((n: { title: string }) => n.title)).toEqual([
      'for a',
    ]);
    await h.services.accounts.suspend(a.user.id, { reason: 'Spam' });
    const res = await a.get('/api/notifications');
    expect(res.statusCode).toBe(200);
    expect(res.json().unreadCount).toBe(1);
  });

  it('costs at most 3 SQL statements, session check included', async () => {
    const m = await member();
    for (let i = 0; i < 3; i++) await m.notify(`n${i}`);
    const counter = countSql(h.app.database.db, { keep: true });
    await m.get('/api/notifications');
    expect(counter.statements).toHaveLength(counter.count);
    expect(counter.count).toBeLessThanOrEqual(3);
  });
});

describe('marking read', () => {
  it('marks one read, answering it and the new unread count', async () => {
    const m = await member();
    const n1 = await m.notify('one');
    await m.notify('two');
    expect(await m.unread()).toBe(2);
    const res = await m.post(`/api/notifications/${n1.id}/read`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ notification: { ...n1, isRead: true }, unreadCount: 1 });
    expect(await m.unread()).toBe(1);
    // Again: still fine, nothing changes.
    expect((await m.post(`/api/notifications/${n1.id}/read`)).json().unreadCount).toBe(1);
  });

  it("answers 404 for another user's notification and for a malformed id", async () => {
    const a = await member();
    const b = await member();
    const theirs = await b.notify('private');
    for (const id of [theirs.id, 'not-a-uuid', '1', "'; drop table notifications; --"]) {
      const res = await a.post(`/api/notifications/${encodeURIComponent(id)}/read`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', error: expect.any(String) });
    }
    expect(await b.unread()).toBe(1);
  });

  it('marks all read and says how many changed', async () => {
    const a = await member();
    const b = await member();
    for (let i = 0; i < 4; i++) await a.notify(`a${i}`);
    await b.notify('b');
    const one = (await a.get('/api/notifications')).json().notifications[0];
    await a.post(`/api/notifications/${one.id}/read`);
    expect(await a.unread()).toBe(3);
    expect((await a.post('/api/notifications/mark-all-read')).json()).toEqual({ count: 3 });
    expect(await a.unread()).toBe(0);
    expect((await a.post('/api/notifications/mark-all-read')).json()).toEqual({ count: 0 });
    expect(await b.unread()).toBe(1);
  });
});

describe('email copies and preferences', () => {
  it('lists every type with its default, and saves changes', async () => {
    const m = await member();
    const prefs = (await m.get('/api/notifications/preferences')).json().preferences;
    expect(prefs).toHaveLength(10);
    expect(
      prefs
        .filter((p: { email: boolean }) => p.email)
        .map((p: { type: string }) => p.type)
        .sort(),
    ).toEqual(['admin_broadcast', 'certificate_ready', 'course_purchase', 'payment_received']);
    const put = await h.app.inject({
      method: 'PUT',
      url: '/api/notifications/preferences',
      headers: { cookie: m.cookie },
      payload: {
        preferences: [
          { type: 'chat_message', email: true },
          { type: 'payment_received', email: false },
        ],
      },
    });
    expect(put.statusCode).toBe(200);
    const after = new Map(put.json().preferences.map((p: { type: string; email: boolean }) => [p.type, p.email]));
    expect(after.get('chat_message')).toBe(true);
    expect(after.get('payment_received')).toBe(false);
    expect(after.get('admin_broadcast')).toBe(true);
  });

  it('refuses an unknown type with 400', async () => {
    const m = await member();
    const res = await h.app.inject({
      method: 'PUT',
      url: '/api/notifications/preferences',
      headers: { cookie: m.cookie },
      payload: { preferences: [{ type: 'spam', email: true }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', error: expect.any(String) });
  });

  it('mails the types that are on, and not the ones that are off', async () => {
    const m = await member();
    await m.notify('Chatty', 'chat_message'); // off by default
    await m.notify('Money arrived', 'payment_received'); // on by default
    await h.jobs.runDue();
    const mail = await h.smtp.waitFor(m.user.email);
    expect(mail.raw).toContain('Subject: Money arrived');
    expect(mail.text).toContain('http://localhost:3999/chat');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(h.smtp.mails.filter((x) => x.to.includes(m.user.email.toLowerCase()))).toHaveLength(1);
  });
});
