import { and, count, countDistinct, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRole } from '#shared/roles';
import { users } from '../accounts/accounts.table';
import { notifications } from '../notifications/notifications.table';
import { BROADCAST_BATCH } from '../notifications/notifications.service';
import { adminAuditLog } from '#server/lib/audit/audit.table';
import { adminLogin, buildUser, createHarness, login, type Harness } from '#server/test/harness';

let h: Harness;
let adminCookie: string;
let adminId: string;
beforeAll(async () => {
  h = await createHarness();
  const admin = await buildUser(h, { role: 'admin' });
  adminId = admin.id;
  adminCookie = await adminLogin(h, admin.email);
});
afterAll(() => h.close());

const send = (payload: unknown, cookie = adminCookie) =>
  h.app.inject({ method: 'POST', url: '/api/admin/broadcasts', headers: { cookie }, payload: payload as object });

async function titlesOf(cookie: string): Promise<string[]> {
  const res = await h.app.inject({ method: 'GET', url: '/api/notifications?limit=50', headers: { cookie } });
  return res.json().notifications.map((n: { title: string }) => n.title);
}

async function members(role: TRole, n: number) {
  return Promise.all(
    Array.from({ length: n }, async () => {
      const user = await buildUser(h, { role });
      return { ...user, cookie: role === 'admin' ? await adminLogin(h, user.email) : await login(h, user.username) };
    }),
  );
}

describe('admin broadcast guards', () => {
  const routes = [
    ['POST', '/api/admin/broadcasts'],
    ['GET', '/api/admin/broadcasts'],
  ] as const;

  it.each(routes)('%s %s: 401 for a visitor, 403 for a member', async (method, url) => {
    const payload = method === 'POST' ? { title: 'Hi', message: 'Hello', audience: 'all' } : undefined;
    const visitor = await h.app.inject({ method, url, payload });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toMatchObject({ code: 'UNAUTHENTICATED', error: expect.any(String) });
    const [m] = await members('mentor', 1);
    const member = await h.app.inject({ method, url, payload, headers: { cookie: m!.cookie } });
    expect(member.statusCode).toBe(403);
    expect(member.json()).toMatchObject({ code: 'FORBIDDEN', error: expect.any(String) });
  });

  it.each([
    { message: 'no title', audience: 'all' },
    { title: 'Hi', message: 'Hello', audience: 'everyone' },
    { title: 'Hi', message: 'Hello', audience: 'all', link: 'https://evil.example/phish' },
    { title: 'Hi', message: 'Hello', audience: 'all', link: 'javascript:alert(1)' },
    { title: ' ', message: 'Hello', audience: 'all' },
  ])('refuses %o with 400', async (payload) => {
    const res = await send(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', error: expect.any(String) });
  });

  it.each([
    [{ title: 'Hi', message: 'Hello', type: 'chat_message' }, 'type', 'Choose an announcement or a system update'],
    [
      { title: 'Hi', message: 'Hello', roles: ['mentor', 'admin'] },
      'roles.1',
      'Choose roles members hold; admins cannot be targeted',
    ],
    [{ title: 'Hi', message: 'Hello', audience: 'admin' }, 'audience', 'Choose who receives the broadcast'],
    [
      { title: 'Hi', message: 'Hello', roles: ['mentor'], audience: 'tutor' },
      'roles',
      'Give roles or audience, not both',
    ],
    [{ message: 'Hello', roles: ['mentor'] }, 'title', 'Title is required'],
  ])('refuses %o with a field message on %s', async (payload, field, message) => {
    const res = await send(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ [field]: message });
  });

  it('GET refuses a page that is not a page with 400', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: '/api/admin/broadcasts?page=0',
      headers: { cookie: adminCookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', error: expect.any(String) });
  });
});

describe('POST /api/admin/broadcasts', () => {
  it('reaches every member of one role exactly once, and nobody else', async () => {
    const mentors = await members('mentor', 3);
    const others = [...(await members('general', 2)), ...(await members('admin', 1))];
    const res = await send({ title: 'Mentor meetup', message: 'Friday at 5', audience: 'mentor', link: '/mentorship' });
    expect(res.statusCode).toBe(201);
    const mentorCount = (await h.app.database.db.select({ n: count() }).from(users).where(eq(users.role, 'mentor')))[0]!
      .n;
    expect(res.json()).toEqual({ id: expect.any(String), recipients: mentorCount });
    await h.jobs.runDue();
    for (const m of mentors) expect((await titlesOf(m.cookie)).filter((t) => t === 'Mentor meetup')).toHaveLength(1);
    for (const o of others) expect(await titlesOf(o.cookie)).not.toContain('Mentor meetup');
  });

  it("leaves admins out of 'all'", async () => {
    const [general] = await members('general', 1);
    const [admin] = await members('admin', 1);
    await send({ title: 'For all', message: 'Hello everyone', audience: 'all' });
    await h.jobs.runDue();
    expect(await titlesOf(general!.cookie)).toEqual(['For all']);
    expect(await titlesOf(admin!.cookie)).toEqual([]);
  });

  it('fans out in batches to a large audience, each member once, and records the audit', async () => {
    const db = h.app.database.db;
    // Enough members for several batches, straight into the table: argon2 per user would take minutes.
    await db.execute(sql`insert into users (username, email, full_name, password_hash, role, roles, email_verified)
      select 'bulk' || g, 'bulk' || g || '@example.com', 'Bulk ' || g, 'x', 'talent', '{talent}', false
      from generate_series(1, ${BROADCAST_BATCH * 2 + 500}) g`);
    const res = await send({ title: 'Big news', message: 'For every talent', audience: 'talent' });
    expect(res.statusCode).toBe(201);
    const { id, recipients } = res.json();
    const talents = (await db.select({ n: count() }).from(users).where(eq(users.role, 'talent')))[0]!.n;
    expect(recipients).toBe(talents);
    await h.jobs.runDue();
    const [rows] = await db
      .select({ n: count(), people: countDistinct(notifications.userId) })
      .from(notifications)
      .where(eq(notifications.broadcastId, id));
    expect(rows).toEqual({ n: talents, people: talents });

    const [audit] = await db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.target, `broadcast:${id}`));
    expect(audit).toMatchObject({
      adminId,
      action: 'broadcast.sent',
      details: { type: 'admin_broadcast', target: ['talent'], recipients: talents, title: 'Big news' },
    });
    // Append-only, whoever asks.
    await expect(
      db.update(adminAuditLog).set({ action: 'x' }).where(eq(adminAuditLog.id, audit!.id)),
    ).rejects.toThrow();
    await expect(db.delete(adminAuditLog).where(eq(adminAuditLog.id, audit!.id))).rejects.toThrow();
  });

  it('mails verified members who keep announcements on, and not those who turned them off', async () => {
    const [keeps, optedOut] = await members('employer', 2);
    await h.app.inject({
      method: 'PUT',
      url: '/api/notifications/preferences',
      headers: { cookie: optedOut!.cookie },
      payload: { preferences: [{ type: 'admin_broadcast', email: false }] },
    });
    await send({ title: 'Employer update', message: 'New hiring tools', audience: 'employer' });
    await h.jobs.runDue();
    const mail = await h.smtp.waitFor(keeps!.email);
    expect(mail.raw).toContain('Subject: Employer update');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(h.smtp.mails.some((m) => m.to.includes(optedOut!.email.toLowerCase()))).toBe(false);
  });
});

describe('a system update to some roles', () => {
  it('reaches exactly the living members holding any of the roles, primary or not, with the system_update type', async () => {
    const db = h.app.database.db;
    const [mentor] = await members('mentor', 1);
    const [tutor] = await members('tutor', 1);
    const [secondary, general, gone] = await members('general', 3);
    const [admin] = await members('admin', 1);
    await db
      .update(users)
      .set({ roles: sql`array_append(${users.roles}, 'tutor')` })
      .where(eq(users.id, secondary!.id));
    await db
      .update(users)
      .set({ roles: sql`array_append(${users.roles}, 'mentor')`, deletedAt: new Date() })
      .where(eq(users.id, gone!.id));

    const res = await send({
      title: 'Payout change',
      message: 'From Monday',
      type: 'system_update',
      roles: ['mentor', 'tutor'],
    });
    expect(res.statusCode, res.body).toBe(201);
    await h.jobs.runDue();

    const holders = await db.execute<{ id: string }>(
      sql`select id from users where deleted_at is null and roles && array['mentor','tutor']::text[] order by id`,
    );
    const reached = await db
      .select({ userId: notifications.userId, type: notifications.type })
      .from(notifications)
      .where(eq(notifications.broadcastId, res.json().id))
      .orderBy(notifications.userId);
    expect(reached.map((r) => r.userId)).toEqual(holders.rows.map((r) => r.id));
    expect(new Set(reached.map((r) => r.type))).toEqual(new Set(['system_update']));
    expect(res.json().recipients).toBe(holders.rows.length);
    for (const m of [mentor!, tutor!, secondary!]) expect(await titlesOf(m.cookie)).toContain('Payout change');
    for (const o of [general!, admin!]) expect(await titlesOf(o.cookie)).not.toContain('Payout change');
    const seen = await h.app.inject({
      method: 'GET',
      url: '/api/notifications?limit=50',
      headers: { cookie: tutor!.cookie },
    });
    expect(seen.json().notifications.find((n: { title: string }) => n.title === 'Payout change')).toMatchObject({
      type: 'system_update',
    });
  });

  it('writes one audit entry with the type and the target', async () => {
    const db = h.app.database.db;
    const res = await send({
      title: 'Audited',
      message: 'Once',
      type: 'system_update',
      roles: ['student', 'employer'],
    });
    const id = res.json().id;
    const entries = await db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetType, 'broadcast'), eq(adminAuditLog.targetId, id)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      adminId,
      action: 'broadcast.sent',
      after: {
        type: 'system_update',
        target: ['student', 'employer'],
        title: 'Audited',
        recipients: res.json().recipients,
      },
    });
    const everyone = (await send({ title: 'Audited all', message: 'Once' })).json().id;
    const [all] = await db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, everyone));
    expect(all!.after).toMatchObject({ type: 'admin_broadcast', target: 'all' });
  });

  it('still takes the first contract: no type is an announcement, no target is everyone', async () => {
    const [general] = await members('general', 1);
    const [student] = await members('student', 1);
    const res = await send({ title: 'Old form', message: 'As before' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(String), recipients: expect.any(Number) });
    expect((await send({ title: 'Old audience', message: 'As before', audience: 'student' })).statusCode).toBe(201);
    await h.jobs.runDue();
    const inbox = (
      await h.app.inject({ method: 'GET', url: '/api/notifications?limit=50', headers: { cookie: general!.cookie } })
    ).json();
    expect(inbox.notifications.find((n: { title: string }) => n.title === 'Old form')).toMatchObject({
      type: 'admin_broadcast',
    });
    expect(await titlesOf(general!.cookie)).not.toContain('Old audience');
    expect(await titlesOf(student!.cookie)).toEqual(expect.arrayContaining(['Old form', 'Old audience']));
  });
});

describe('GET /api/admin/broadcasts', () => {
  it('pages the history newest first, with type, target, sender, time and recipients', async () => {
    for (let i = 0; i < 21; i++)
      expect((await send({ title: `Filler ${i}`, message: 'For paging', roles: ['mentee'] })).statusCode).toBe(201);
    await send({ title: 'Listed', message: 'Shown on the dashboard', type: 'system_update', roles: ['student'] });
    const res = await h.app.inject({ method: 'GET', url: '/api/admin/broadcasts', headers: { cookie: adminCookie } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const students = (
      await h.app.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from users where deleted_at is null and 'student' = any(roles)`,
      )
    ).rows[0]!.n;
    expect(body.broadcasts[0]).toEqual({
      id: expect.any(String),
      type: 'system_update',
      title: 'Listed',
      message: 'Shown on the dashboard',
      roles: ['student'],
      link: null,
      sentBy: { id: adminId, username: expect.any(String), fullName: expect.stringMatching(/^Test /) },
      recipients: students,
      createdAt: expect.any(String),
    });
    expect(body).toMatchObject({ page: 1, pageSize: 20, total: expect.any(Number) });
    expect(body.total).toBeGreaterThan(20);

    const second = (
      await h.app.inject({ method: 'GET', url: '/api/admin/broadcasts?page=2', headers: { cookie: adminCookie } })
    ).json();
    expect(second.page).toBe(2);
    expect(second.broadcasts.length).toBe(Math.min(20, body.total - 20));
    const firstIds = new Set(body.broadcasts.map((b: { id: string }) => b.id));
    expect(second.broadcasts.some((b: { id: string }) => firstIds.has(b.id))).toBe(false);
  });
});
