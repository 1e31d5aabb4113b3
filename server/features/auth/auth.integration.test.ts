import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  APP_URL,
  PASSWORD,
  adminLogin,
  buildUser,
  createHarness,
  login,
  sessionCookie,
  unique,
  type Harness,
} from '#server/test/harness';
import { linkIn } from '#server/test/smtp-sink';
import { purgeSessionsJob } from './auth.queue';
import { SESSION_MS } from './auth.service';
import { users } from '../accounts/accounts.table';
import { loginFailures, sessions, trustedDevices } from './auth.table';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());
beforeEach(() => h.clock.reset());

const post = (url: string, payload?: unknown, cookie?: string) =>
  h.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });
const getUser = (cookie?: string) =>
  h.app.inject({ method: 'GET', url: '/api/user', headers: cookie ? { cookie } : {} });

function registration(over: Record<string, unknown> = {}) {
  const username = unique('reg');
  return {
    username,
    password: PASSWORD,
    email: `${username}@example.com`,
    fullName: 'Ngozi Adeyemi',
    agreeToTerms: true,
    role: 'general',
    ...over,
  };
}

/** Follows the mailed verification link through the API. */
async function verifyByMail(email: string) {
  await h.jobs.runDue();
  const link = linkIn(await h.smtp.waitFor(email), '/api/verify-email/direct?token=');
  return h.app.inject({ method: 'GET', url: link.replace(APP_URL, '') });
}

describe('POST /api/register', () => {
  it('creates a general user whatever role is sent, answers no secret, and mails a link', async () => {
    const body = registration({ role: 'admin' });
    const res = await post('/api/register', body);
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({
      username: body.username,
      email: body.email,
      fullName: 'Ngozi Adeyemi',
      role: 'general',
      suspended: false,
      emailVerified: false,
    });
    expect(res.body).not.toMatch(/hash|token|argon/i);
    await h.jobs.runDue();
    const mail = await h.smtp.waitFor(body.email);
    expect(linkIn(mail, '/api/verify-email/direct?token=')).toMatch(/^http:\/\/localhost:3999\//);
  });

  it('gives the spec messages as field errors', async () => {
    const res = await post('/api/register', {
      username: 'ab',
      password: '123',
      email: 'nope',
      fullName: 'Al',
      agreeToTerms: false,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: {
        username: 'Username must be at least 3 characters',
        password: 'Password must be at least 6 characters',
        email: 'Please enter a valid email address',
        fullName: 'Full name must be at least 3 characters',
        agreeToTerms: 'You must agree to the Terms and Conditions and Privacy Policy',
      },
    });
    expect(typeof res.json().error).toBe('string');
  });

  it.each([
    ['missing fields', {}],
    ['wrong types', { username: 5, password: [], email: {}, fullName: null, agreeToTerms: 'yes' }],
    ['100 kB strings', registration({ username: 'x'.repeat(100_000), fullName: 'y'.repeat(100_000) })],
    ['an array body', [1, 2]],
  ])('refuses %s with a 400 and an error string', async (_name, payload) => {
    const res = await post('/api/register', payload);
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().error).toBe('string');
  });

  it('refuses malformed JSON, an oversized body and a non-JSON type with 4xx bodies', async () => {
    const bad = await h.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBeTypeOf('string');
    const huge = await h.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ fullName: 'z'.repeat(2_000_000) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('PAYLOAD_TOO_LARGE');
    const text = await h.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(400); // parsed as text, then refused by the schema
    expect(text.json().error).toBeTypeOf('string');
  });

  it('refuses a very common password with a clear message', async () => {
    const res = await post('/api/register', registration({ password: 'password123' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.password).toMatch(/too common/);
  });

  it('answers 409 for a taken username or email, whatever the case', async () => {
    const first = registration();
    expect((await post('/api/register', first)).statusCode).toBe(201);
    const sameName = await post('/api/register', registration({ username: first.username.toUpperCase() }));
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toMatchObject({ code: 'USERNAME_TAKEN', error: expect.any(String) });
    const sameMail = await post('/api/register', registration({ email: first.email.toUpperCase() }));
    expect(sameMail.statusCode).toBe(409);
    expect(sameMail.json().code).toBe('EMAIL_TAKEN');
  });

  it('lets exactly one of two racing sign-ups for one username through', async () => {
    const body = registration();
    const results = await Promise.all([
      post('/api/register', body),
      post('/api/register', { ...body, email: `x${body.email}` }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('email verification', () => {
  it('blocks login until the mailed link is followed, once', async () => {
    const body = registration();
    await post('/api/register', body);
    const early = await post('/api/login', { username: body.username, password: PASSWORD });
    expect(early.statusCode).toBe(403);
    expect(early.json().error).toContain('verify');

    const first = await verifyByMail(body.email);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('/verify-email?success=true');
    const again = await verifyByMail(body.email);
    expect(again.headers.location).toMatch(/^\/verify-email\?error=/);

    expect((await post('/api/login', { username: body.username, password: PASSWORD })).statusCode).toBe(200);
  });

  it('refuses a link older than 24 hours and a missing or forged token', async () => {
    const body = registration();
    await post('/api/register', body);
    // The token is issued when its mail goes out (the job), so the 24 hours count from then.
    await h.jobs.runDue();
    h.clock.advance(24 * 3_600_000 + 60_000);
    const late = await verifyByMail(body.email);
    expect(decodeURIComponent(late.headers.location as string)).toMatch(/expired/);
    const missing = await h.app.inject({ method: 'GET', url: '/api/verify-email/direct' });
    expect(decodeURIComponent(missing.headers.location as string)).toContain(
      'Missing verification token. Please check your email link and try again.',
    );
    const forged = await h.app.inject({
      method: 'GET',
      url: '/api/verify-email/direct?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    });
    expect(forged.headers.location).toMatch(/^\/verify-email\?error=/);
  });

  it('resends a fresh link that replaces the old one, and says the same for unknown addresses', async () => {
    const body = registration();
    await post('/api/register', body);
    await h.jobs.runDue();
    const oldLink = linkIn(await h.smtp.waitFor(body.email), 'token=');
    const before = h.smtp.mails.length;
    const known = await post('/api/resend-verification', { email: body.email });
    const unknown = await post('/api/resend-verification', { email: `${unique('nobody')}@example.com` });
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    await h.jobs.runDue();
    await h.smtp.waitFor(body.email);
    expect(h.smtp.mails.length).toBe(before + 1);
    const old = await h.app.inject({ method: 'GET', url: oldLink.replace(APP_URL, '') });
    expect(old.headers.location).toMatch(/error=/);
    expect((await verifyByMail(body.email)).headers.location).toBe('/verify-email?success=true');
  });
});

describe('login, session and logout', () => {
  it('answers an unknown username and a wrong password alike', async () => {
    const user = await buildUser(h);
    const wrong = await post('/api/login', { username: user.username, password: 'Not-The-Password1' });
    const unknown = await post('/api/login', { username: unique('ghost'), password: 'Not-The-Password1' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error).toBe('Invalid credentials');
  });

  it('sets an HttpOnly SameSite=Lax cookie and answers the user', async () => {
    const user = await buildUser(h);
    const res = await post('/api/login', { username: user.username, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, role: 'general' });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/); // plain-http APP_URL in tests
    const me = await getUser(sessionCookie(res));
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      id: user.id,
      username: user.username,
      email: user.email,
      fullName: user.fullName,
      suspended: false,
      restrictions: [],
    });
  });

  it('accepts the email in place of the username', async () => {
    const user = await buildUser(h);
    expect((await post('/api/login', { username: user.email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('answers 401 to GET /api/user without a session or with a forged one', async () => {
    expect((await getUser()).statusCode).toBe(401);
    const forged = await getUser('sid=forged-value');
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('UNAUTHENTICATED');
  });

  it('rotates the session id on login: the old cookie stops working', async () => {
    const user = await buildUser(h);
    const first = await login(h, user.username);
    const res = await post('/api/login', { username: user.username, password: PASSWORD }, first);
    const second = sessionCookie(res);
    expect(second).not.toBe(first);
    expect((await getUser(first)).statusCode).toBe(401);
    expect((await getUser(second)).statusCode).toBe(200);
  });

  it('ends the session on logout', async () => {
    const user = await buildUser(h);
    const cookie = await login(h, user.username);
    const out = await post('/api/logout', undefined, cookie);
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/sid=;/);
    expect((await getUser(cookie)).statusCode).toBe(401);
    expect((await post('/api/logout')).statusCode).toBe(204);
  });

  it('expires after 360 minutes unless extended, and extension slides the expiry', async () => {
    const user = await buildUser(h);
    const cookie = await login(h, user.username);
    h.clock.advance(300 * 60_000);
    const ext = await post('/api/session/extend', undefined, cookie);
    expect(ext.statusCode).toBe(200);
    expect(new Date(ext.json().expiresAt).getTime()).toBe(h.clock.now.getTime() + 360 * 60_000);
    h.clock.advance(300 * 60_000); // 600 min after login, 300 after the extension
    expect((await getUser(cookie)).statusCode).toBe(200);
    h.clock.advance(61 * 60_000);
    expect((await getUser(cookie)).statusCode).toBe(401);
    expect((await post('/api/session/extend', undefined, cookie)).statusCode).toBe(401);
  });

  it('shuts a deleted account out: its session ends, sign-in, reset and resend treat it as unknown', async () => {
    const user = await buildUser(h);
    const waiting = await buildUser(h, { emailVerified: false });
    const cookie = await login(h, user.username);
    await h.app.database.db
      .update(users)
      .set({ deletedAt: h.clock.now })
      .where(inArray(users.id, [user.id, waiting.id]));
    expect((await getUser(cookie)).statusCode).toBe(401);
    for (const username of [user.username, user.email]) {
      const res = await post('/api/login', { username, password: PASSWORD });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('Invalid credentials');
    }
    await h.jobs.runDue();
    const before = h.smtp.mails.length;
    expect((await post('/api/request-password-reset', { email: user.email })).statusCode).toBe(200);
    expect((await post('/api/resend-verification', { email: waiting.email })).statusCode).toBe(200);
    await h.jobs.runDue();
    expect(h.smtp.mails.length).toBe(before);
  });

  it('does not let an admin in through the members login', async () => {
    const admin = await buildUser(h, { role: 'admin' });
    const res = await post('/api/login', { username: admin.username, password: PASSWORD });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('Invalid credentials');
  });
});

describe('password reset', () => {
  it('answers the same for known and unknown emails, and mails only the known', async () => {
    const user = await buildUser(h);
    const before = h.smtp.mails.length;
    const unknown = await post('/api/request-password-reset', { email: `${unique('none')}@example.com` });
    const known = await post('/api/request-password-reset', { email: user.email });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    await h.jobs.runDue();
    await h.smtp.waitFor(user.email);
    expect(h.smtp.mails.length).toBe(before + 1);
  });

  it('sets the new password once, ends every session, and refuses the reused link', async () => {
    const user = await buildUser(h);
    const sessionA = await login(h, user.username);
    await post('/api/request-password-reset', { email: user.email });
    await h.jobs.runDue();
    const link = linkIn(await h.smtp.waitFor(user.email), '/reset-password?token=');
    const token = new URL(link).searchParams.get('token')!;

    const res = await post('/api/reset-password', { token, password: 'Brand-New-Pass-7' });
    expect(res.statusCode).toBe(200);
    expect((await getUser(sessionA)).statusCode).toBe(401);
    expect((await post('/api/login', { username: user.username, password: PASSWORD })).statusCode).toBe(401);
    expect((await post('/api/login', { username: user.username, password: 'Brand-New-Pass-7' })).statusCode).toBe(200);

    const reuse = await post('/api/reset-password', { token, password: 'Another-Pass-8' });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toMatchObject({
      code: 'TOKEN_INVALID',
      error: expect.stringMatching(/invalid, used or expired/),
    });
  });

  it('refuses a link older than an hour, a forged token and a common password', async () => {
    const user = await buildUser(h);
    await post('/api/request-password-reset', { email: user.email });
    await h.jobs.runDue();
    const token = new URL(linkIn(await h.smtp.waitFor(user.email), 'token=')).searchParams.get('token')!;
    const common = await post('/api/reset-password', { token, password: 'qwerty123' });
    expect(common.statusCode).toBe(400);
    expect(common.json().fields.password).toMatch(/too common/);
    h.clock.advance(61 * 60_000);
    expect((await post('/api/reset-password', { token, password: 'Brand-New-Pass-7' })).statusCode).toBe(400);
    expect(
      (await post('/api/reset-password', { token: 'A'.repeat(43), password: 'Brand-New-Pass-7' })).statusCode,
    ).toBe(400);
    expect((await post('/api/reset-password', { password: 'Brand-New-Pass-7' })).statusCode).toBe(400);
  });
});

describe('POST /api/admin/login', () => {
  it('lets an admin in and refuses a member with a message', async () => {
    const admin = await buildUser(h, { role: 'admin' });
    const cookie = await adminLogin(h, admin.email);
    expect((await getUser(cookie)).json().role).toBe('admin');

    const member = await buildUser(h);
    const res = await post('/api/admin/login', { email: member.email, password: PASSWORD });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: expect.any(String), error: expect.any(String) });
    const empty = await post('/api/admin/login', { email: '', password: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toMatchObject({ email: 'Email is required', password: 'Password is required' });
  });

  it('creates or promotes the bootstrap admin idempotently', async () => {
    const member = await buildUser(h);
    await h.services.accounts.upsertAdmin(member.email, 'Admin-Secret-123');
    await h.services.accounts.upsertAdmin(member.email, 'Admin-Secret-123');
    const res = await post('/api/admin/login', { email: member.email, password: 'Admin-Secret-123' });
    expect(res.json().role).toBe('admin');
    const fresh = await h.services.accounts.upsertAdmin(`${unique('boot')}@example.com`, 'Admin-Secret-123');
    expect(fresh.role).toBe('admin');
  });
});

describe('session purge', () => {
  it('is scheduled hourly and deletes the expired sessions only', async () => {
    const db = h.app.database.db;
    const [schedule] = (
      await db.execute<{ cron: string }>(sql`select cron from pgboss.schedule where name = ${purgeSessionsJob.name}`)
    ).rows;
    expect(schedule).toEqual({ cron: '17 * * * *' });
    const stale = await buildUser(h);
    await login(h, stale.username);
    h.clock.advance(SESSION_MS + 1_000);
    const fresh = await buildUser(h);
    await login(h, fresh.username);
    await h.services.jobs.send(db, purgeSessionsJob, {});
    await h.jobs.runDue();
    const left = await db
      .select({ userId: sessions.userId })
      .from(sessions)
      .where(inArray(sessions.userId, [stale.id, fresh.id]));
    expect(left).toEqual([{ userId: fresh.id }]);
  });

  it('deletes old failed sign-ins and forgotten devices there, never on the sign-in path', async () => {
    const db = h.app.database.db;
    const failuresOf = async (ids: string[]) =>
      (
        await db
          .select({ account: loginFailures.account })
          .from(loginFailures)
          .where(
            inArray(
              loginFailures.account,
              ids.map((id) => `user:${id}`),
            ),
          )
      )
        .map((r) => r.account)
        .sort();
    const devicesOf = async (ids: string[]) =>
      (
        await db
          .select({ userId: trustedDevices.userId })
          .from(trustedDevices)
          .where(inArray(trustedDevices.userId, ids))
      )
        .map((r) => r.userId)
        .sort();
    const old = await buildUser(h);
    await post('/api/login', { username: old.username, password: 'Not-The-Password1' });
    await login(h, old.username);
    h.clock.advance(366 * 24 * 3_600_000);
    const recent = await buildUser(h);
    await post('/api/login', { username: recent.username, password: 'Not-The-Password1' });
    await login(h, recent.username);
    const both = [old.id, recent.id];
    // A sign-in, failed or not, deletes nothing of anyone else's.
    expect(await failuresOf(both)).toEqual([`user:${old.id}`, `user:${recent.id}`].sort());
    expect(await devicesOf(both)).toEqual([...both].sort());
    await h.services.jobs.send(db, purgeSessionsJob, {});
    await h.jobs.runDue();
    expect(await failuresOf(both)).toEqual([`user:${recent.id}`]);
    expect(await devicesOf(both)).toEqual([recent.id]);
  });
});
