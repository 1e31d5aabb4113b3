import { eq } from 'drizzle-orm';
import { TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PASSWORD,
  adminLogin,
  buildUser,
  createHarness,
  login,
  sessionCookie,
  type Harness,
} from '#server/test/harness';
import { privacyRepo } from '../privacy/privacy.repo';
import { recoveryCodes, twoFactor } from './two-factor.table';

/**
 * Admins' two-factor sign-in (issue 16 item 8, decision 033), through HTTP, on the harness
 * clock, with the failed sign-in limits at their real values.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ rateLimitScale: 1 });
});
afterAll(() => h.close());

const STEP = 30_000;
let addressSeq = 0;
/** Each test signs in from its own address, so its failures never meet another test's. */
const freshIp = () => `198.51.100.${++addressSeq}`;

type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, cookie?: string, payload?: object) =>
  h.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
const passwordStep = (email: string, ip: string, password = PASSWORD) =>
  h.app.inject({ method: 'POST', url: '/api/admin/login', remoteAddress: ip, payload: { email, password } });
const codeStep = (challenge: string, code: string, ip: string) =>
  h.app.inject({ method: 'POST', url: '/api/admin/login/two-factor', remoteAddress: ip, payload: { challenge, code } });
const codeNow = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret }).generate({ timestamp: h.clock.now.getTime() + offsetSteps * STEP });

/** An admin, signed in, with two-factor turned on: their secret and recovery codes. */
async function adminWithTwoFactor() {
  const admin = await buildUser(h, { role: 'admin' });
  const cookie = await adminLogin(h, admin.email);
  const setup = await call('POST', '/api/admin/two-factor/setup', cookie);
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json();
  const confirmed = await call('POST', '/api/admin/two-factor/confirm', cookie, { code: codeNow(secret) });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  // The confirming code's step is taken: sign-ins use the next one.
  h.clock.advance(STEP);
  return { admin, cookie, secret, codes: confirmed.json().recoveryCodes as string[] };
}

async function challengeOf(email: string, ip: string) {
  const res = await passwordStep(email, ip);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().challenge as string;
}

describe('an admin without two-factor', () => {
  it('signs in exactly as the spec says (the user and a session), and sees two-factor off', async () => {
    const admin = await buildUser(h, { role: 'admin' });
    const res = await passwordStep(admin.email, freshIp());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: admin.id, email: admin.email, role: 'admin' });
    expect(res.json()).not.toHaveProperty('twoFactorRequired');
    const cookie = sessionCookie(res);
    expect((await call('GET', '/api/admin/two-factor', cookie)).json()).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    // A wrong password is refused as before, with the spec's `message`.
    const wrong = await passwordStep(admin.email, freshIp(), 'Not-The-Password-1');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: 'Invalid email or password', message: 'Invalid email or password' });
  });
});

describe('turning two-factor on', () => {
  it('shows a secret and its otpauth URI, wants a current code, then answers ten recovery codes once', async () => {
    const admin = await buildUser(h, { role: 'admin' });
    const cookie = await adminLogin(h, admin.email);
    expect((await call('POST', '/api/admin/two-factor/confirm', cookie, { code: '123456' })).statusCode).toBe(409);

    const setup = (await call('POST', '/api/admin/two-factor/setup', cookie)).json();
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.uri).toContain(`secret=${setup.secret}`);
    expect(setup.uri.startsWith('otpauth://totp/')).toBe(true);
    // Not on until a code is confirmed: sign-in is still the plain one.
    expect((await passwordStep(admin.email, freshIp())).json()).toMatchObject({ id: admin.id });

    const wrong = await call('POST', '/api/admin/two-factor/confirm', cookie, { code: codeNow(setup.secret, 3) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toContain('That code is not right');
    expect(wrong.json().fields.code).toBeTruthy();
    expect((await call('POST', '/api/admin/two-factor/confirm', cookie, { code: '' })).statusCode).toBe(400);

    const done = await call('POST', '/api/admin/two-factor/confirm', cookie, { code: codeNow(setup.secret) });
    expect(done.statusCode, done.body).toBe(200);
    const codes: string[] = done.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect((await call('GET', '/api/admin/two-factor', cookie)).json()).toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
    });
    expect((await call('POST', '/api/admin/two-factor/setup', cookie)).statusCode).toBe(409);
    expect(
      (await call('POST', '/api/admin/two-factor/confirm', cookie, { code: codeNow(setup.secret, 1) })).statusCode,
    ).toBe(409);

    // Only hashes rest in the database.
    const rows = await h.app.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, admin.id));
    expect(rows).toHaveLength(10);
    for (const code of codes) expect(JSON.stringify(rows)).not.toContain(code);

    const audit = await call('GET', `/api/admin/audit?action=admin.two_factor_on&actorId=${admin.id}`, cookie);
    expect(audit.json().entries).toHaveLength(1);
    expect(audit.json().entries[0]).toMatchObject({
      targetType: 'user',
      targetId: admin.id,
      after: { twoFactor: true },
    });
  });
});

describe('turning two-factor on ends the other sessions', () => {
  it('signs out every session opened with the password alone, and keeps the one that turned it on', async () => {
    const admin = await buildUser(h, { role: 'admin' });
    const elsewhere = await adminLogin(h, admin.email);
    const here = await adminLogin(h, admin.email);
    expect((await call('GET', '/api/user', elsewhere)).statusCode).toBe(200);

    const { secret } = (await call('POST', '/api/admin/two-factor/setup', here)).json();
    const confirmed = await call('POST', '/api/admin/two-factor/confirm', here, { code: codeNow(secret) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    expect((await call('GET', '/api/user', elsewhere)).statusCode).toBe(401);
    expect((await call('GET', '/api/user', here)).statusCode).toBe(200);
  });
});

describe('signing in with two-factor on', () => {
  it('asks for the code after the password, refuses a wrong one with a sentence, and the right one starts the session', async () => {
    const { admin, secret } = await adminWithTwoFactor();
    const ip = freshIp();
    const first = await passwordStep(admin.email, ip);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
    expect(first.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    const { challenge } = first.json();

    const wrong = await codeStep(challenge, codeNow(secret, 5), ip);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      error: expect.stringContaining('That code is not right'),
      message: expect.any(String),
    });
    expect((await codeStep(challenge, 'zz', ip)).statusCode).toBe(401);

    const code = codeNow(secret);
    const ok = await codeStep(challenge, code, ip);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ id: admin.id, role: 'admin' });
    const cookie = sessionCookie(ok);
    expect((await call('GET', '/api/admin/users', cookie)).statusCode).toBe(200);

    // The challenge is used up, and the same code is refused within its window.
    expect((await codeStep(challenge, codeNow(secret, 1), ip)).json().code).toBe('TOKEN_INVALID');
    const again = await codeStep(await challengeOf(admin.email, ip), code, ip);
    expect(again.statusCode).toBe(401);
    // The code of the previous step too, though it is inside the window.
    expect((await codeStep(await challengeOf(admin.email, ip), codeNow(secret, -1), ip)).statusCode).toBe(401);
    h.clock.advance(STEP);
    expect((await codeStep(await challengeOf(admin.email, ip), codeNow(secret), ip)).statusCode).toBe(200);
  });

  it('takes a code of the step before or after (a phone whose clock drifts)', async () => {
    const { admin, secret } = await adminWithTwoFactor();
    // Two steps after the confirming code, so that the step before now was never used.
    h.clock.advance(STEP);
    const ip = freshIp();
    expect((await codeStep(await challengeOf(admin.email, ip), codeNow(secret, -1), ip)).statusCode).toBe(200);
    expect((await codeStep(await challengeOf(admin.email, ip), codeNow(secret, 1), ip)).statusCode).toBe(200);
    expect((await codeStep(await challengeOf(admin.email, ip), codeNow(secret, 2), ip)).statusCode).toBe(401);
  });

  it('takes each recovery code once, in any case and with or without dashes', async () => {
    const { admin, cookie, codes } = await adminWithTwoFactor();
    const ip = freshIp();
    const used = await codeStep(await challengeOf(admin.email, ip), codes[0]!.toUpperCase(), ip);
    expect(used.statusCode, used.body).toBe(200);
    expect((await codeStep(await challengeOf(admin.email, ip), codes[0]!, ip)).statusCode).toBe(401);
    expect((await codeStep(await challengeOf(admin.email, ip), codes[1]!.replace(/-/g, ''), ip)).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/two-factor', cookie)).json()).toEqual({
      enabled: true,
      recoveryCodesLeft: 8,
    });
  });

  it('lets a challenge expire after 5 minutes', async () => {
    const { admin, secret } = await adminWithTwoFactor();
    const ip = freshIp();
    const challenge = await challengeOf(admin.email, ip);
    h.clock.advance(5 * 60_000 + 1_000);
    const late = await codeStep(challenge, codeNow(secret), ip);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({
      code: 'TOKEN_INVALID',
      error: 'This sign-in has expired. Enter your email and password again.',
    });
    expect((await codeStep('made-up-challenge', codeNow(secret), ip)).statusCode).toBe(400);
  });

  it('locks the code step after as many wrong codes as wrong passwords, and tells when to come back', async () => {
    const { admin, secret } = await adminWithTwoFactor();
    const ip = freshIp();
    const challenge = await challengeOf(admin.email, ip);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await codeStep(challenge, codeNow(secret, 10 + i), ip)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const locked = await codeStep(challenge, codeNow(secret), ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toContain('Too many failed sign-in attempts');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // The wrong codes count against the account like wrong passwords: the password step is locked too.
    expect((await passwordStep(admin.email, ip)).statusCode).toBe(429);
  });
});

describe('turning two-factor off', () => {
  it('needs the password again (after 15 minutes), then sign-in is the plain one again', async () => {
    const { admin, cookie } = await adminWithTwoFactor();
    h.clock.advance(16 * 60_000);
    const refused = await call('DELETE', '/api/admin/two-factor', cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('CONFIRMATION_REQUIRED');
    expect((await call('POST', '/api/admin/confirm', cookie, { password: 'Wrong-Password-1' })).statusCode).toBe(400);
    expect((await call('POST', '/api/admin/confirm', cookie, { password: PASSWORD })).statusCode).toBe(200);
    const off = await call('DELETE', '/api/admin/two-factor', cookie);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect((await call('DELETE', '/api/admin/two-factor', cookie)).statusCode).toBe(409);
    expect(await h.app.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, admin.id))).toEqual([]);

    const plain = await passwordStep(admin.email, freshIp());
    expect(plain.json()).toMatchObject({ id: admin.id });
    expect(sessionCookie(plain)).toBeTruthy();
    const audit = await call('GET', `/api/admin/audit?action=admin.two_factor_off&actorId=${admin.id}`, cookie);
    expect(audit.json().entries[0]).toMatchObject({ before: { twoFactor: true }, after: { twoFactor: false } });
  });
});

describe('who may use the two-factor routes', () => {
  it('answers 401 to visitors and 403 to members; the code step is open but needs a live challenge', async () => {
    const member = await login(h, (await buildUser(h, { role: 'tutor' })).username);
    const routes: Array<[Method, string, object?]> = [
      ['GET', '/api/admin/two-factor'],
      ['POST', '/api/admin/two-factor/setup', {}],
      ['POST', '/api/admin/two-factor/confirm', { code: '123456' }],
      ['DELETE', '/api/admin/two-factor'],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(method, url, undefined, payload)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, member, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    const stranger = await h.app.inject({
      method: 'POST',
      url: '/api/admin/login/two-factor',
      headers: { cookie: member },
      payload: { challenge: 'x'.repeat(43), code: '123456' },
    });
    expect(stranger.statusCode).toBe(400);
    expect((await h.app.inject({ method: 'POST', url: '/api/admin/login/two-factor', payload: {} })).statusCode).toBe(
      400,
    );
  });
});

describe('erasure', () => {
  it('takes the secret and the recovery codes with the account', async () => {
    const { admin } = await adminWithTwoFactor();
    const db = h.app.database.db;
    await privacyRepo.insertDeletion(db, admin.id, h.clock.now, h.clock.now);
    await h.services.privacy.erase(admin.id);
    expect(await db.select().from(twoFactor).where(eq(twoFactor.userId, admin.id))).toEqual([]);
    expect(await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, admin.id))).toEqual([]);
  });
});
