import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_VERSION, TERMS_VERSION } from '#shared/constants';
import { EMAIL_LINK_INVALID } from '#shared/accounts/security.schemas';
import { APP_URL, PASSWORD, buildUser, createHarness, login, unique, type Harness } from '#server/test/harness';
import { linkIn } from '#server/test/smtp-sink';
import { connected, disconnected, openTestSocket } from '#server/test/sockets';
import { sessions } from './auth.table';
import { consents } from './security.table';
import { eraseSecurity, exportSecurity } from './security.privacy';

let h: Harness;
let port: number;
const sockets: Socket[] = [];
beforeAll(async () => {
  h = await createHarness();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  port = (h.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await h.close();
});

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const call = (
  cookie: string | null,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) => h.app.inject({ method, url, payload, headers: { ...(cookie ? { cookie } : {}), ...headers } });
const signIn = async (username: string, password = PASSWORD, userAgent = ANDROID_CHROME) => {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password },
    headers: { 'user-agent': userAgent },
  });
  return res.statusCode === 200 ? `sid=${res.cookies.find((c) => c.name === 'sid')!.value}` : null;
};
async function socketOf(cookie: string) {
  const socket = openTestSocket(port, { cookie, origin: APP_URL });
  sockets.push(socket);
  return connected(socket);
}
const listOf = async (cookie: string) =>
  (await call(cookie, 'GET', '/api/user/sessions')).json().sessions as Array<Record<string, unknown>>;

describe('changing the password', () => {
  it('needs the current password, ends every other session and its sockets, keeps this one, and mails a notice', async () => {
    const user = await buildUser(h);
    const here = (await signIn(user.username))!;
    const there = (await signIn(user.username))!;
    const thereSocket = await socketOf(there);
    const closed = disconnected(thereSocket);

    const wrong = await call(here, 'POST', '/api/user/password', {
      currentPassword: 'guess-guess',
      newPassword: 'Fresh-Pass-31',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ currentPassword: 'That password is not right' });
    const short = await call(here, 'POST', '/api/user/password', { currentPassword: PASSWORD, newPassword: '123' });
    expect(short.json().fields.newPassword).toBe('Password must be at least 6 characters');
    expect(
      (await call(here, 'POST', '/api/user/password', { currentPassword: PASSWORD, newPassword: 'password123' })).json()
        .fields.newPassword,
    ).toMatch(/too common/);
    expect((await call(there, 'GET', '/api/user')).statusCode).toBe(200);

    expect(
      (await call(here, 'POST', '/api/user/password', { currentPassword: PASSWORD, newPassword: 'Fresh-Pass-31' }))
        .statusCode,
    ).toBe(204);
    expect((await call(here, 'GET', '/api/user')).statusCode).toBe(200);
    expect((await call(there, 'GET', '/api/user')).statusCode).toBe(401);
    expect(await closed).toBe('io server disconnect');
    expect(await signIn(user.username)).toBeNull();
    expect(await signIn(user.username, 'Fresh-Pass-31')).not.toBeNull();

    await h.jobs.runDue();
    const notice = await h.smtp.waitFor(user.email);
    expect(notice.raw).toMatch(/Subject: Your password was changed/);
  });
});

describe('the sessions list', () => {
  it('shows each session with its device and an opaque id, marks this one, and ends another by id', async () => {
    const user = await buildUser(h);
    const here = (await signIn(
      user.username,
      PASSWORD,
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0',
    ))!;
    const there = (await signIn(user.username))!;
    const list = await listOf(here);
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ current: true, device: 'Firefox on Windows 10', ip: '127.0.0.1' });
    expect(list[1]).toMatchObject({ current: false, device: 'Chrome on Android 13', userAgent: ANDROID_CHROME });
    expect(Object.keys(list[0]!).sort()).toEqual([
      'createdAt',
      'current',
      'device',
      'id',
      'ip',
      'lastSeenAt',
      'userAgent',
    ]);

    // The id is not the cookie, nor the stored hash: neither signs anyone in.
    const [row] = await h.app.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.publicId, String(list[1]!.id)));
    expect(row!.idHash).not.toBe(list[1]!.id);
    for (const value of [list[1]!.id, row!.idHash])
      expect((await call(`sid=${String(value)}`, 'GET', '/api/user')).statusCode).toBe(401);

    // Another member cannot end it, or learn that it exists.
    const stranger = await buildUser(h);
    const strangerCookie = (await signIn(stranger.username))!;
    expect((await call(strangerCookie, 'DELETE', `/api/user/sessions/${String(list[1]!.id)}`)).statusCode).toBe(404);
    expect((await call(there, 'GET', '/api/user')).statusCode).toBe(200);

    const closed = disconnected(await socketOf(there));
    expect((await call(here, 'DELETE', `/api/user/sessions/${String(list[1]!.id)}`)).statusCode).toBe(204);
    expect((await call(there, 'GET', '/api/user')).statusCode).toBe(401);
    expect(await closed).toBe('io server disconnect');
    expect((await call(here, 'DELETE', `/api/user/sessions/${String(list[1]!.id)}`)).statusCode).toBe(404);
    expect(await listOf(here)).toHaveLength(1);
  });

  it('logs out every other session at once', async () => {
    const user = await buildUser(h);
    const here = (await signIn(user.username))!;
    const others = [(await signIn(user.username))!, (await signIn(user.username))!];
    const res = await call(here, 'POST', '/api/user/sessions/revoke-others');
    expect(res.json()).toEqual({ revoked: 2 });
    for (const cookie of others) expect((await call(cookie, 'GET', '/api/user')).statusCode).toBe(401);
    expect((await call(here, 'GET', '/api/user')).statusCode).toBe(200);
  });

  it('notes "last seen" at most once a minute, not on every request', async () => {
    const user = await buildUser(h);
    const cookie = (await signIn(user.username))!;
    const lastSeen = async () => (await listOf(cookie))[0]!.lastSeenAt;
    const first = await lastSeen();
    h.clock.advance(30_000);
    await call(cookie, 'GET', '/api/user');
    expect(await lastSeen()).toBe(first);
    h.clock.advance(61_000);
    await call(cookie, 'GET', '/api/user');
    expect(await lastSeen()).toBe(h.clock.now.toISOString());
  });
});

describe('changing the email', () => {
  const requestChange = (cookie: string, newEmail: string, password = PASSWORD) =>
    call(cookie, 'POST', '/api/user/email', { newEmail, password });
  const confirm = (token: string) => call(null, 'POST', '/api/user/email/confirm', { token });
  async function mailedToken(to: string) {
    await h.jobs.runDue();
    return new URL(linkIn(await h.smtp.waitFor(to), '/confirm-email?token=')).searchParams.get('token')!;
  }

  it('mails a link to the new address, which takes over only when the link is opened; the old one is told', async () => {
    const user = await buildUser(h);
    const cookie = (await signIn(user.username))!;
    const newEmail = `${unique('moved')}@example.com`;

    expect((await requestChange(cookie, newEmail, 'wrong-password')).json().fields).toEqual({
      password: 'That password is not right',
    });
    expect((await requestChange(cookie, user.email.toUpperCase())).json().fields).toEqual({
      newEmail: 'That is already your email',
    });
    const res = await requestChange(cookie, newEmail);
    expect(res.statusCode).toBe(202);
    expect(res.json().pending.email).toBe(newEmail);
    expect((await call(cookie, 'GET', '/api/user/email/pending')).json().pending.email).toBe(newEmail);

    const token = await mailedToken(newEmail);
    expect((await call(cookie, 'GET', '/api/user')).json().email).toBe(user.email);
    const done = await confirm(token);
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe(`Your account now uses ${newEmail}.`);
    expect((await call(cookie, 'GET', '/api/user')).json()).toMatchObject({ email: newEmail, emailVerified: true });
    expect((await call(cookie, 'GET', '/api/user/email/pending')).json().pending).toBeNull();
    expect((await confirm(token)).json().error).toBe(EMAIL_LINK_INVALID);
    expect(await signIn(newEmail)).not.toBeNull();

    await h.jobs.runDue();
    const notice = await h.smtp.waitFor(user.email);
    expect(notice.raw).toMatch(/Subject: Your email was changed/);
    expect(notice.text).toContain(newEmail);
  });

  it('refuses an address another account holds, in any case, at the request and again at the link', async () => {
    const user = await buildUser(h);
    const other = await buildUser(h);
    const cookie = (await signIn(user.username))!;
    const taken = await requestChange(cookie, other.email.toUpperCase());
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toEqual({ newEmail: 'Another account uses that email' });

    const wanted = `${unique('race')}@example.com`;
    await requestChange(cookie, wanted);
    const token = await mailedToken(wanted);
    const username = unique('first');
    await h.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        username,
        password: PASSWORD,
        email: wanted.toUpperCase(),
        fullName: 'Quick Registrant',
        agreeToTerms: true,
      },
    });
    const late = await confirm(token);
    expect(late.statusCode).toBe(409);
    expect((await call(cookie, 'GET', '/api/user')).json().email).toBe(user.email);
  });

  it('lets a newer request or a cancel retire the links already mailed', async () => {
    const user = await buildUser(h);
    const cookie = (await signIn(user.username))!;
    const first = `${unique('a')}@example.com`;
    await requestChange(cookie, first);
    const firstToken = await mailedToken(first);
    const second = `${unique('b')}@example.com`;
    await requestChange(cookie, second);
    expect((await confirm(firstToken)).statusCode).toBe(400);
    const secondToken = await mailedToken(second);

    expect((await call(cookie, 'DELETE', '/api/user/email/pending')).statusCode).toBe(204);
    expect((await call(cookie, 'GET', '/api/user/email/pending')).json().pending).toBeNull();
    expect((await confirm(secondToken)).statusCode).toBe(400);
    expect((await call(cookie, 'DELETE', '/api/user/email/pending')).statusCode).toBe(404);
    expect((await call(cookie, 'GET', '/api/user')).json().email).toBe(user.email);
  });
});

describe('consent records', () => {
  const consentRequired = async (cookie: string) =>
    (await call(cookie, 'GET', '/api/user')).json().consentRequired as boolean;

  it('records the versions in force at sign-up, with address and browser', async () => {
    const username = unique('reg');
    const email = `${username}@example.com`;
    await h.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username, password: PASSWORD, email, fullName: 'Ngozi Eze', agreeToTerms: true },
      headers: { 'user-agent': ANDROID_CHROME },
    });
    await h.jobs.runDue();
    const verify = new URL(linkIn(await h.smtp.waitFor(email), '/api/verify-email/direct?token='));
    await h.app.inject({ method: 'GET', url: verify.pathname + verify.search });
    const cookie = (await signIn(username))!;
    expect(await consentRequired(cookie)).toBe(false);
    const user = (await call(cookie, 'GET', '/api/user')).json();
    const rows = await h.app.database.db.select().from(consents).where(eq(consents.userId, user.id));
    expect(rows.map((r) => [r.document, r.version, r.ip, r.userAgent]).sort()).toEqual([
      ['privacy', PRIVACY_VERSION, '127.0.0.1', ANDROID_CHROME],
      ['terms', TERMS_VERSION, '127.0.0.1', ANDROID_CHROME],
    ]);
  });

  it('asks again when the version in force is newer than the last accepted, and records the new agreement', async () => {
    const user = await buildUser(h);
    const cookie = await login(h, user.username);
    await h.app.database.db.insert(consents).values([
      { userId: user.id, document: 'terms', version: '2020-01-01', acceptedAt: new Date('2020-01-01') },
      { userId: user.id, document: 'privacy', version: PRIVACY_VERSION, acceptedAt: new Date() },
    ]);
    expect(await consentRequired(cookie)).toBe(true);
    const stale = await call(cookie, 'POST', '/api/user/consents', { terms: '2020-01-01', privacy: PRIVACY_VERSION });
    expect(stale.statusCode).toBe(409);
    const agreed = await call(cookie, 'POST', '/api/user/consents', { terms: TERMS_VERSION, privacy: PRIVACY_VERSION });
    expect(agreed.json().consentRequired).toBe(false);
    expect(await consentRequired(cookie)).toBe(false);
    expect((await h.app.database.db.select().from(consents).where(eq(consents.userId, user.id))).length).toBe(4);
  });

  it('keeps the records append-only: no delete, no rewrite, only the erasure clearing address and browser', async () => {
    const user = await buildUser(h);
    const cookie = await login(h, user.username);
    await call(
      cookie,
      'POST',
      '/api/user/consents',
      { terms: TERMS_VERSION, privacy: PRIVACY_VERSION },
      { 'user-agent': ANDROID_CHROME },
    );
    const db = h.app.database.db;
    await expect(db.execute(sql`delete from consents where user_id = ${user.id}`)).rejects.toThrow();
    await expect(
      db.execute(sql`update consents set version = '2099-01-01' where user_id = ${user.id}`),
    ).rejects.toThrow();

    const exported = await exportSecurity(user.id, db);
    expect(exported.consents).toHaveLength(2);
    expect(exported.sessions).toHaveLength(1);
    expect(JSON.stringify(exported)).not.toContain(cookie.slice('sid='.length));
    expect(Object.keys(exported.sessions[0]!)).not.toContain('idHash');

    await eraseSecurity(user.id, db);
    const rows = await db.select().from(consents).where(eq(consents.userId, user.id));
    expect(rows.map((r) => [r.version, r.ip, r.userAgent])).toEqual([
      [TERMS_VERSION, null, null],
      [PRIVACY_VERSION, null, null],
    ]);
    expect((await call(cookie, 'GET', '/api/user')).statusCode).toBe(401);
  });
});
