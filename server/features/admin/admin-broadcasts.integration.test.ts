import { count, countDistinct, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRole } from '../../../shared/roles';
import { users } from '../accounts/accounts.table';
import { notifications } from '../notifications/notifications.table';
import { BROADCAST_BATCH } from '../notifications/notifications.service';
import { adminAuditLog } from './admin.table';
import { adminLogin, buildUser, createHarness, login, type Harness } from '../../test/harness';

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
});

describe('POST /api/admin/broadcasts', () => {
  it('reaches every member of one role exactly once, and nobody else', async () => {
    const mentors = await members('mentor', 3);
    const others = [...(await members('general', 2)), ...(await members('admin', 1))];
    const res = await send({ title: 'Mentor meetup', message: 'Friday at 5', audience: 'mentor', link: '/mentorship' });
    expect(res.statusCode).toBe(201);
    const mentorCount = (await h.app.database.db.select({ n: count() }).from(users).where(eq(users.role, 'mentor')))[0]!.n;
    expect(res.json()).toEqual({ id: expect.any(String), recipients: mentorCount });
    await h.jobs.runDue();
    for (const m of mentors) expect((await titlesOf(m.cookie)).filter((t) => t === 'Mentor meetup')).toHaveLength(1);
    for (const o of others) expect(await titlesOf(o.cookie)).not.toContain('Mentor meetup');
  });

  it("leaves admins out of 'all' and reaches them with 'admin'", async () => {
    const [general] = await members('general', 1);
    const [admin] = await members('admin', 1);
    await send({ title: 'For all', message: 'Hello everyone', audience: 'all' });
    await send({ title: 'For admins', message: 'Staff only', audience: 'admin' });
    await h.jobs.runDue();
    expect(await titlesOf(general!.cookie)).toEqual(['For all']);
    expect(await titlesOf(admin!.cookie)).toEqual(['For admins']);
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

    const [audit] = await db.select().from(adminAuditLog).where(eq(adminAuditLog.target, `broadcast:${id}`));
    expect(audit).toMatchObject({ adminId, action: 'broadcast.sent', details: { audience: 'talent', recipients: talents, title: 'Big news' } });
    // Append-only, whoever asks.
    await expect(db.update(adminAuditLog).set({ action: 'x' }).where(eq(adminAuditLog.id, audit!.id))).rejects.toThrow();
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

describe('GET /api/admin/broadcasts', () => {
  it('lists recent broadcasts, newest first, with their recipients', async () => {
    await send({ title: 'Listed', message: 'Shown on the dashboard', audience: 'student' });
    const res = await h.app.inject({ method: 'GET', url: '/api/admin/broadcasts', headers: { cookie: adminCookie } });
    expect(res.statusCode).toBe(200);
    const [latest] = res.json().broadcasts;
    const students = (await h.app.database.db.select({ n: count() }).from(users).where(eq(users.role, 'student')))[0]!.n;
    expect(latest).toEqual({
      id: expect.any(String),
      title: 'Listed',
      message: 'Shown on the dashboard',
      audience: 'student',
      link: null,
      recipients: students,
      createdAt: expect.any(String),
    });
  });
});
