import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogin, buildUser, createHarness, login, PASSWORD, unique, type Harness } from '#server/test/harness';
import { suspensions } from '../accounts/accounts.table';
import { adminAuditLog } from '#server/lib/audit/audit.table';

let h: Harness;
let admin: Awaited<ReturnType<typeof buildUser>>;
let adminCookie: string;
beforeAll(async () => {
  h = await createHarness();
  admin = await buildUser(h, { role: 'admin' });
  adminCookie = await adminLogin(h, admin.email);
});
afterAll(() => h.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, payload?: object, cookie = adminCookie) =>
  h.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

async function member(over: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildUser(h, { role: 'student', ...over });
  const cookie = over.emailVerified === false ? '' : await login(h, user.username);
  return { ...user, cookie };
}

const entriesFor = async (targetId: string) =>
  (await h.app.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, targetId))).map(
    (e) => e.action,
  );

async function notificationTitles(cookie: string): Promise<string[]> {
  const res = await h.app.inject({ method: 'GET', url: '/api/notifications?limit=50', headers: { cookie } });
  return res.json().notifications.map((n: { title: string }) => n.title);
}

describe('GET /api/admin/users', () => {
  it('finds members by name, username or email, filters by role and status, and pages on the server', async () => {
    const tag = unique('find');
    const ada = await buildUser(h, { role: 'tutor', username: `${tag}ada` });
    const ben = await buildUser(h, { role: 'student', username: `${tag}ben`, emailVerified: false });
    const res = await call('GET', `/api/admin/users?q=${tag}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 2, page: 1, pageSize: 25 });
    expect(Object.keys(body.users[0]).sort()).toEqual(
      [
        'createdAt',
        'deleted',
        'email',
        'emailVerified',
        'fullName',
        'id',
        'role',
        'roles',
        'suspended',
        'username',
      ].sort(),
    );
    expect(
      (await call('GET', `/api/admin/users?q=${tag}&role=tutor`)).json().users.map((u: { id: string }) => u.id),
    ).toEqual([ada.id]);
    expect(
      (await call('GET', `/api/admin/users?q=${tag}&status=unverified`)).json().users.map((u: { id: string }) => u.id),
    ).toEqual([ben.id]);
    expect(
      (await call('GET', `/api/admin/users?q=${tag}&status=active`)).json().users.map((u: { id: string }) => u.id),
    ).toEqual([ada.id]);
    expect((await call('GET', `/api/admin/users?q=${encodeURIComponent(ada.email.toUpperCase())}`)).json().total).toBe(
      1,
    );
    const page2 = await call('GET', `/api/admin/users?q=${tag}&page=2`);
    expect(page2.json()).toMatchObject({ users: [], total: 2, page: 2 });
  });
});

describe('suspension from the console', () => {
  it('suspends with restrictions: the member is told, blocked in those areas, hidden; lifting restores all; one audit entry each', async () => {
    const m = await member();
    const res = await call('POST', `/api/admin/users/${m.id}/suspend`, {
      reason: 'Spam in chat',
      restrictions: ['chat', 'courses', 'profile_hidden'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: m.id,
      suspended: true,
      restrictions: ['chat', 'courses', 'profile_hidden'],
      suspensionReason: 'Spam in chat',
    });

    const me = await h.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: m.cookie } });
    expect(me.json()).toMatchObject({ suspended: true, restrictions: ['chat', 'courses', 'profile_hidden'] });
    const chat = await h.app.inject({ method: 'GET', url: '/api/chat/conversations', headers: { cookie: m.cookie } });
    expect(chat.statusCode).toBe(403);
    expect(chat.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
    const other = await member();
    expect(
      (await h.app.inject({ method: 'GET', url: `/api/users/${m.username}`, headers: { cookie: other.cookie } }))
        .statusCode,
    ).toBe(404);
    expect(await notificationTitles(m.cookie)).toContain('Your account has been suspended');
    expect((await call('GET', `/api/admin/users?q=${m.username}&status=suspended`)).json().total).toBe(1);

    const lift = await call('POST', `/api/admin/users/${m.id}/unsuspend`);
    expect(lift.statusCode, lift.body).toBe(200);
    expect(lift.json()).toMatchObject({ suspended: false });
    expect(
      (await h.app.inject({ method: 'GET', url: '/api/chat/conversations', headers: { cookie: m.cookie } })).statusCode,
    ).toBe(200);
    expect(
      (await h.app.inject({ method: 'GET', url: `/api/users/${m.username}`, headers: { cookie: other.cookie } }))
        .statusCode,
    ).toBe(200);
    expect(await notificationTitles(m.cookie)).toContain('Your suspension has been lifted');
    expect(await entriesFor(m.id)).toEqual(expect.arrayContaining(['member.suspend', 'member.unsuspend']));
    expect((await entriesFor(m.id)).length).toBe(2);

    const entry = (await call('GET', `/api/admin/audit?targetId=${m.id}&action=member.suspend`)).json().entries[0];
    expect(entry).toMatchObject({
      actorId: admin.id,
      action: 'member.suspend',
      targetType: 'user',
      targetId: m.id,
      before: null,
      reason: 'Spam in chat',
    });
    expect(entry.after).toMatchObject({ restrictions: ['chat', 'courses', 'profile_hidden'] });
    expect((await call('POST', `/api/admin/users/${m.id}/unsuspend`, {})).statusCode).toBe(409);
  });

  it('a suspension with an end date lifts itself through the job queue at that time', async () => {
    const m = await member();
    const endsAt = new Date(h.clock.now.getTime() + 2 * 86_400_000).toISOString();
    expect(
      (
        await call('POST', `/api/admin/users/${m.id}/suspend`, {
          reason: 'Cooling off',
          restrictions: ['chat'],
          endsAt,
        })
      ).statusCode,
    ).toBe(200);
    await h.jobs.runDue();
    const [still] = await h.app.database.db.select().from(suspensions).where(eq(suspensions.userId, m.id));
    expect(still!.liftedAt).toBeNull();

    h.clock.advance(2 * 86_400_000 + 60_000);
    try {
      await h.jobs.runDue();
      const [row] = await h.app.database.db.select().from(suspensions).where(eq(suspensions.userId, m.id));
      expect(row!.liftedAt).not.toBeNull();
      const cookie = await login(h, m.username);
      expect(await notificationTitles(cookie)).toContain('Your suspension has ended');
      expect((await h.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).json()).toMatchObject({
        suspended: false,
      });
    } finally {
      h.clock.reset();
    }
  });

  it('refuses an end in the past, no restrictions, and suspending an admin', async () => {
    const m = await member();
    const past = new Date(h.clock.now.getTime() - 60_000).toISOString();
    expect(
      (
        await call('POST', `/api/admin/users/${m.id}/suspend`, {
          reason: 'Too late',
          restrictions: ['chat'],
          endsAt: past,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await call('POST', `/api/admin/users/${m.id}/suspend`, { reason: 'Nothing', restrictions: [] })).statusCode,
    ).toBe(400);
    const other = await buildUser(h, { role: 'admin' });
    const res = await call('POST', `/api/admin/users/${other.id}/suspend`, { reason: 'Nope', restrictions: ['chat'] });
    expect(res.statusCode).toBe(409);
    expect(
      (
        await call('POST', `/api/admin/users/00000000-0000-4000-8000-000000000000/suspend`, {
          reason: 'Nobody',
          restrictions: ['chat'],
        })
      ).statusCode,
    ).toBe(404);
    expect(await entriesFor(m.id)).toEqual([]);
  });
});

describe('roles, sessions, verification', () => {
  it('changes roles (never to admin), keeping the primary one when still held', async () => {
    const m = await member();
    const res = await call('PUT', `/api/admin/users/${m.id}/roles`, { roles: ['student', 'tutor'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ role: 'student', roles: ['student', 'tutor'] });
    const moved = await call('PUT', `/api/admin/users/${m.id}/roles`, { roles: ['mentor'] });
    expect(moved.json()).toMatchObject({ role: 'mentor', roles: ['mentor'] });
    expect((await call('PUT', `/api/admin/users/${m.id}/roles`, { roles: ['student', 'admin'] })).statusCode).toBe(400);
    expect(await entriesFor(m.id)).toEqual(['member.roles', 'member.roles']);
    expect(await notificationTitles(m.cookie)).toContain('Your roles have changed');
  });

  it('ends every session of a member', async () => {
    const m = await member();
    const second = await login(h, m.username);
    const res = await call('POST', `/api/admin/users/${m.id}/revoke-sessions`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ended: 2 });
    for (const cookie of [m.cookie, second])
      expect((await h.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode).toBe(401);
    expect(await entriesFor(m.id)).toEqual(['member.revoke_sessions']);
  });

  it('resends the verification mail to an unverified member, and refuses a verified one', async () => {
    const m = await member({ emailVerified: false });
    const res = await call('POST', `/api/admin/users/${m.id}/resend-verification`);
    expect(res.statusCode, res.body).toBe(200);
    await h.jobs.runDue();
    const mail = await h.smtp.waitFor(m.email);
    expect(mail.text).toContain('/api/verify-email/direct?token=');
    const done = await member();
    expect((await call('POST', `/api/admin/users/${done.id}/resend-verification`)).statusCode).toBe(409);
    expect(await entriesFor(m.id)).toEqual(['member.resend_verification']);
  });

  it("shows a member's page: suspensions, sessions, activity and the actions taken", async () => {
    const m = await member();
    const suspended = await call('POST', `/api/admin/users/${m.id}/suspend`, {
      reason: 'Checking',
      restrictions: ['jobs'],
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    const res = await call('GET', `/api/admin/users/${m.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ id: m.id, suspended: true });
    expect(body.suspension).toMatchObject({ reason: 'Checking', restrictions: ['jobs'] });
    expect(body.sessions).toBe(1);
    expect(body.activity.map((a: { label: string }) => a.label)).toContain('Courses enrolled in');
    expect(body.actions.map((a: { action: string }) => a.action)).toEqual(['member.suspend']);
  });
});

describe('password confirmation for destructive actions', () => {
  it('asks for the password again 15 minutes after the last one, then lets the action through', async () => {
    const a = await buildUser(h, { role: 'admin' });
    const cookie = await adminLogin(h, a.email);
    const m = await member();
    h.clock.advance(16 * 60_000);
    try {
      const refused = await call(
        'POST',
        `/api/admin/users/${m.id}/suspend`,
        { reason: 'Later', restrictions: ['chat'] },
        cookie,
      );
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'CONFIRMATION_REQUIRED',
        error: expect.stringContaining('password'),
      });
      expect((await call('PUT', `/api/admin/users/${m.id}/roles`, { roles: ['tutor'] }, cookie)).json()).toMatchObject({
        code: 'CONFIRMATION_REQUIRED',
      });
      expect((await call('GET', '/api/admin/confirm', undefined, cookie)).json()).toEqual({ confirmedUntil: null });
      const wrong = await call('POST', '/api/admin/confirm', { password: 'not-it' }, cookie);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().fields).toMatchObject({ password: expect.any(String) });
      expect((await call('POST', '/api/admin/confirm', { password: PASSWORD }, cookie)).statusCode).toBe(200);
      expect(
        (await call('POST', `/api/admin/users/${m.id}/suspend`, { reason: 'Later', restrictions: ['chat'] }, cookie))
          .statusCode,
      ).toBe(200);
      // Non-destructive actions never ask.
      expect((await call('POST', `/api/admin/users/${m.id}/unsuspend`, {}, cookie)).statusCode).toBe(200);
    } finally {
      h.clock.reset();
    }
  });
});

describe('the audit log', () => {
  it('refuses UPDATE and DELETE at the database', async () => {
    const m = await member();
    await call('POST', `/api/admin/users/${m.id}/revoke-sessions`, {});
    const db = h.app.database.db;
    await expect(
      db.execute(sql`update admin_audit_log set reason = 'rewritten' where target_id = ${m.id}`),
    ).rejects.toThrow();
    await expect(db.execute(sql`delete from admin_audit_log where target_id = ${m.id}`)).rejects.toThrow();
    const [row] = await db.select({ n: count() }).from(adminAuditLog).where(eq(adminAuditLog.targetId, m.id));
    expect(row!.n).toBe(1);
  });

  it('pages and filters, and exports CSV with spreadsheet formulas defused', async () => {
    const m = await member();
    await call('POST', `/api/admin/users/${m.id}/suspend`, { reason: '=HYPERLINK("x") spam', restrictions: ['chat'] });
    const list = await call('GET', `/api/admin/audit?page=1&actorId=${admin.id}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ page: 1, pageSize: 25, total: expect.any(Number) });
    expect(list.json().entries.every((e: { actorId: string }) => e.actorId === admin.id)).toBe(true);
    const csv = await call('GET', `/api/admin/audit.csv?targetId=${m.id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('id,createdAt,actorId,actorName,action,targetType,targetId,reason,before,after');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"\'=HYPERLINK(""x"") spam"');
  });
});
