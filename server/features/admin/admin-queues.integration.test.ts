import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogin, buildUser, createHarness, login, type Harness } from '#server/test/harness';
import { adminAuditLog } from '#server/lib/audit/audit.table';

let h: Harness;
let adminA: string;
let adminB: string;
beforeAll(async () => {
  h = await createHarness();
  adminA = await adminLogin(h, (await buildUser(h, { role: 'admin' })).email);
  adminB = await adminLogin(h, (await buildUser(h, { role: 'admin' })).email);
});
afterAll(() => h.close());

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, cookie: string, payload?: object) =>
  h.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

async function member() {
  const user = await buildUser(h, { role: 'student' });
  return { ...user, cookie: await login(h, user.username) };
}

async function reportAbout() {
  const reporter = await member();
  const target = await member();
  const res = await call('POST', '/api/reports', reporter.cookie, {
    kind: 'member',
    targetId: target.id,
    reason: 'Sends spam links',
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id as string, target };
}

const openOf = async (kind: string) =>
  ((await call('GET', '/api/admin/queues', adminA)).json().queues as Array<{ kind: string; open: number }>).find(
    (q) => q.kind === kind,
  )!.open;

describe('GET /api/admin/queues', () => {
  it('lists every registered queue with its open count', async () => {
    const res = await call('GET', '/api/admin/queues', adminA);
    expect(res.statusCode, res.body).toBe(200);
    const kinds = res.json().queues.map((q: { kind: string }) => q.kind);
    expect(kinds).toEqual(expect.arrayContaining(['courses', 'refunds', 'reports', 'appeals']));
    for (const q of res.json().queues) expect(q).toMatchObject({ kind: expect.any(String), open: expect.any(Number) });
    expect((await call('GET', '/api/admin/queues/nothing-here', adminA)).statusCode).toBe(404);
    for (const kind of kinds)
      expect((await call('GET', `/api/admin/queues/${kind}?page=1`, adminA)).statusCode).toBe(200);
  });
});

describe('reports queue', () => {
  it('shows the evidence, claims on open, and exactly one of two admins acting applies', async () => {
    const before = await openOf('reports');
    const { id, target } = await reportAbout();
    expect(await openOf('reports')).toBe(before + 1);
    const list = (await call('GET', '/api/admin/queues/reports', adminA)).json();
    const item = list.items.find((i: { id: string }) => i.id === id);
    expect(item).toMatchObject({ subjectUserId: target.id, actions: ['dismiss', 'resolve', 'warn'], claim: null });
    expect(item.evidence).toMatchObject({ kind: 'member', targetId: target.id });

    const mine = await call('POST', `/api/admin/queues/reports/items/${id}/claim`, adminA);
    expect(mine.json()).toMatchObject({ mine: true });
    const theirs = await call('POST', `/api/admin/queues/reports/items/${id}/claim`, adminB);
    expect(theirs.json()).toMatchObject({ mine: false });
    const refused = await call('POST', `/api/admin/queues/reports/items/${id}/actions`, adminB, { action: 'dismiss' });
    expect(refused.statusCode).toBe(409);

    const applied = await call('POST', `/api/admin/queues/reports/items/${id}/actions`, adminA, {
      action: 'warn',
      note: 'Keep links out of messages',
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toEqual({ id, status: 'resolved' });
    expect(await openOf('reports')).toBe(before);
    const titles = (await call('GET', '/api/notifications', target.cookie))
      .json()
      .notifications.map((n: { title: string }) => n.title);
    expect(titles).toContain('A warning from the team');
    expect(
      (await call('POST', `/api/admin/queues/reports/items/${id}/actions`, adminA, { action: 'dismiss' })).statusCode,
    ).toBe(409);
  });

  it('two admins acting at once without opening it first: exactly one applies, one audit entry', async () => {
    const { id } = await reportAbout();
    const results = await Promise.all([
      call('POST', `/api/admin/queues/reports/items/${id}/actions`, adminA, { action: 'dismiss' }),
      call('POST', `/api/admin/queues/reports/items/${id}/actions`, adminB, { action: 'resolve' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const entries = await h.app.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, id));
    expect(entries).toHaveLength(1);
  });

  it('refuses an action the queue does not take', async () => {
    const { id } = await reportAbout();
    expect(
      (await call('POST', `/api/admin/queues/reports/items/${id}/actions`, adminA, { action: 'explode' })).statusCode,
    ).toBe(400);
    expect(
      (await call('POST', '/api/admin/queues/courses/items/x/actions', adminA, { action: 'approve' })).statusCode,
    ).toBe(400);
  });
});

describe('appeals', () => {
  it('a suspended member appeals from /suspended; granting it in the queue lifts the suspension', async () => {
    const m = await member();
    expect(
      (await call('POST', '/api/appeals', m.cookie, { message: 'I did not send those links, my friend did.' }))
        .statusCode,
    ).toBe(409);
    await call('POST', `/api/admin/users/${m.id}/suspend`, adminA, { reason: 'Spam', restrictions: ['chat'] });
    const appeal = await call('POST', '/api/appeals', m.cookie, {
      message: 'I did not send those links, my friend did.',
    });
    expect(appeal.statusCode, appeal.body).toBe(201);
    expect(
      (await call('POST', '/api/appeals', m.cookie, { message: 'Again, please read my appeal.' })).statusCode,
    ).toBe(409);
    expect((await call('GET', '/api/appeals/mine', m.cookie)).json().appeal).toMatchObject({ status: 'open' });

    const items = (await call('GET', '/api/admin/queues/appeals', adminA)).json().items;
    const item = items.find((i: { id: string }) => i.id === appeal.json().id);
    expect(item).toMatchObject({
      subjectUserId: m.id,
      actions: ['grant', 'deny'],
      summary: 'I did not send those links, my friend did.',
    });
    expect(item.evidence.suspension).toMatchObject({ reason: 'Spam', restrictions: ['chat'] });

    const granted = await call('POST', `/api/admin/queues/appeals/items/${item.id}/actions`, adminB, {
      action: 'grant',
      note: 'Fair enough',
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect((await call('GET', '/api/user', m.cookie)).json()).toMatchObject({ suspended: false });
    expect(
      (await call('POST', `/api/admin/queues/appeals/items/${item.id}/actions`, adminA, { action: 'deny' })).statusCode,
    ).toBe(409);
  });
});

describe('GET /api/admin/stats', () => {
  it('answers each figure by day over the range, and members by role and open queues', async () => {
    const today = h.clock.now.toISOString().slice(0, 10);
    const weekAgo = new Date(h.clock.now.getTime() - 6 * 86_400_000).toISOString().slice(0, 10);
    const res = await call('GET', `/api/admin/stats?from=${weekAgo}&to=${today}`, adminA);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.days).toHaveLength(7);
    expect(body.days.at(-1)).toBe(today);
    const keys = body.daily.map((f: { key: string }) => f.key);
    expect(keys).toEqual(expect.arrayContaining(['signups', 'active', 'enrolments', 'gross', 'fee', 'net']));
    const signups = body.daily.find((f: { key: string }) => f.key === 'signups');
    expect(signups.points).toHaveLength(7);
    expect(signups.points.at(-1)).toBeGreaterThanOrEqual(2);
    expect(body.breakdowns.map((b: { key: string }) => b.key)).toEqual(['roles', 'queues']);
    expect(body.breakdowns[0].items.find((i: { key: string }) => i.key === 'admin').value).toBeGreaterThanOrEqual(2);
    expect((await call('GET', `/api/admin/stats?from=${today}&to=${weekAgo}`, adminA)).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/stats?from=2020-01-01&to=2026-01-01', adminA)).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/stats', adminA)).json().days).toHaveLength(30);
  });
});
