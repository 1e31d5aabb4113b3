import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PASSWORD, buildUser, createHarness, unique, type Harness } from '#server/test/harness';
import { linkIn } from '#server/test/smtp-sink';
import { ADDRESS_LIMITS } from './auth-limits';
import { LOGIN_LIMITS } from './login-limits.policy';

/** Rate limits at their real values (rateLimitScale 1), through the HTTP stack, on the harness clock. */
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ rateLimitScale: 1 });
});
afterAll(() => h.close());
beforeEach(() => h.clock.reset());

let ipCounter = 1;
const freshIp = () => `10.${Math.floor(ipCounter / 250) % 250}.${ipCounter % 250}.${(ipCounter++ % 200) + 1}`;
const MINUTE = 60_000;

type Headers = Record<string, string>;
const loginAt = (ip: string, username: string, password: string, headers: Headers = {}, app = h) =>
  app.app.inject({ method: 'POST', url: '/api/login', remoteAddress: ip, headers, payload: { username, password } });
const adminLoginAt = (ip: string, email: string, password: string, headers: Headers = {}) =>
  h.app.inject({ method: 'POST', url: '/api/admin/login', remoteAddress: ip, headers, payload: { email, password } });

function deviceCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'device');
  if (!cookie) throw new Error(`no device cookie in ${res.statusCode} ${res.body}`);
  return `device=${cookie.value}`;
}

/** Strangers' failures on one account, `perAddress` from each of `addresses` fresh addresses. */
async function strangersGuess(username: string, addresses: number, perAddress: number, door = loginAt) {
  for (let a = 0; a < addresses; a++) {
    const ip = freshIp();
    for (let i = 0; i < perAddress; i++) await door(ip, username, `Wrong-Guess-${a}-${i}`);
  }
}

describe('per-address limits fit a class behind one address', () => {
  it('lets a class of 60 sign up, verify and sign in from one address within 10 minutes', async () => {
    const campus = '198.51.100.20';
    const people = Array.from({ length: 60 }, () => unique('pupil'));
    for (const username of people) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/register',
        remoteAddress: campus,
        payload: {
          username,
          password: PASSWORD,
          email: `${username}@example.com`,
          fullName: 'Amaka Obi',
          agreeToTerms: true,
          role: 'general',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      h.clock.advance(5_000); // 60 sign-ups over 5 minutes
    }
    for (const username of people) {
      await h.jobs.runDue();
      const link = linkIn(await h.smtp.waitFor(`${username}@example.com`), '/api/verify-email/direct?token=');
      const res = await h.app.inject({
        method: 'GET',
        url: new URL(link).pathname + new URL(link).search,
        remoteAddress: campus,
      });
      expect(res.headers.location).toBe('/verify-email?success=true');
    }
    for (const username of people) {
      expect((await loginAt(campus, username, PASSWORD)).statusCode).toBe(200);
    }
  }, 120_000);

  it('still stops a flood of sign-ups from one address, with a sentence', async () => {
    const ip = freshIp();
    for (let i = 0; i < ADDRESS_LIMITS.register.max; i++) {
      expect(
        (await h.app.inject({ method: 'POST', url: '/api/register', remoteAddress: ip, payload: {} })).statusCode,
      ).toBe(400);
    }
    const flood = await h.app.inject({ method: 'POST', url: '/api/register', remoteAddress: ip, payload: {} });
    expect(flood.statusCode).toBe(429);
    expect(flood.json()).toMatchObject({ code: 'RATE_LIMITED', error: expect.stringMatching(/try again/) });
  });

  it('keeps the per-email limit on reset requests tight', async () => {
    const email = `${unique('r')}@example.com`;
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      codes.push(
        (
          await h.app.inject({
            method: 'POST',
            url: '/api/request-password-reset',
            remoteAddress: freshIp(),
            payload: { email },
          })
        ).statusCode,
      );
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await h.app.inject({
      method: 'POST',
      url: '/api/request-password-reset',
      remoteAddress: freshIp(),
      payload: { email },
    });
    expect(refused.json().error).toMatch(
      /^Too many emails were asked for this address\. Please try again in (60|59) minutes\.$/,
    );
  });
});

describe('guessing a password is stopped', () => {
  it('per (account, address): five failures, then that address waits 15 minutes, even with the right password', async () => {
    const victim = await buildUser(h);
    const ip = freshIp();
    for (let i = 0; i < LOGIN_LIMITS.narrowMax; i++)
      expect((await loginAt(ip, victim.username, `Wrong-${i}-pass`)).statusCode).toBe(401);
    const refused = await loginAt(ip, victim.username, PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'RATE_LIMITED',
      error: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
    });
    expect(Number(refused.headers['retry-after'])).toBe(15 * 60);
    // Another address is not held back by this one, and the same address may try again later.
    expect((await loginAt(freshIp(), victim.username, PASSWORD)).statusCode).toBe(200);
    h.clock.advance(15 * MINUTE + 1_000);
    expect((await loginAt(ip, victim.username, PASSWORD)).statusCode).toBe(200);
  });

  it('per account: twenty failures a day from anywhere, then delays that double with each failure', async () => {
    const victim = await buildUser(h);
    await strangersGuess(victim.username, 5, 4); // 20 failures, no address over its own limit
    const locked = await loginAt(freshIp(), victim.username, 'Wrong-Again-1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toBe(
      'This account has had too many failed sign-in attempts. Please try again in a minute, or reset your password by email to sign in from this device now.',
    );
    // Even the right password from a device the account never signed in from waits.
    expect((await loginAt(freshIp(), victim.username, PASSWORD)).statusCode).toBe(429);

    const waits = [1, 2, 4, 8];
    for (const minutes of waits) {
      h.clock.advance(minutes * MINUTE - 1_000);
      expect((await loginAt(freshIp(), victim.username, 'Wrong-Again-2')).statusCode).toBe(429);
      h.clock.advance(1_000);
      expect((await loginAt(freshIp(), victim.username, 'Wrong-Again-3')).statusCode).toBe(401); // counts: the next wait doubles
    }
    const next = await loginAt(freshIp(), victim.username, PASSWORD);
    expect(next.json().error).toMatch(/try again in 16 minutes/);

    h.clock.advance(LOGIN_LIMITS.wideWindowMs + MINUTE); // a day later the failures are forgotten
    expect((await loginAt(freshIp(), victim.username, PASSWORD)).statusCode).toBe(200);
  });

  it('limits unknown accounts alike, so the answers never tell which accounts exist', async () => {
    const ghost = unique('ghost');
    const ip = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await loginAt(ip, ghost, 'Wrong-Pass-1')).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('counts failures only: successful sign-ins never do', async () => {
    const user = await buildUser(h);
    const ip = freshIp();
    for (let i = 0; i < 30; i++) expect((await loginAt(ip, user.username, PASSWORD)).statusCode).toBe(200);
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await loginAt(ip, user.username, 'Wrong-Pass-1')).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('lets a burst of parallel guesses through no further than the limit', async () => {
    const victim = await buildUser(h);
    const ip = freshIp();
    const codes = await Promise.all(
      Array.from({ length: 12 }, (_, i) => loginAt(ip, victim.username, `Parallel-${i}-x`)),
    );
    expect(codes.filter((r) => r.statusCode === 401).length).toBeLessThanOrEqual(LOGIN_LIMITS.narrowMax);
    expect(codes.every((r) => [401, 429].includes(r.statusCode))).toBe(true);
  });
});

describe('strangers never lock the owner out', () => {
  it('lets the right password through from a device that signed in before, from any address', async () => {
    const owner = await buildUser(h);
    const home = freshIp();
    const device = deviceCookie(await loginAt(home, owner.username, PASSWORD));
    expect(device).toMatch(/^device=[A-Za-z0-9_-]{43}$/);

    await strangersGuess(owner.username, 10, 5); // 50 failures from 10 addresses: the account is locked
    expect((await loginAt(freshIp(), owner.username, PASSWORD)).statusCode).toBe(429);

    const atHome = await loginAt(home, owner.username, PASSWORD, { cookie: device });
    expect(atHome.statusCode).toBe(200);
    // The cookie is renewed at each sign-in; the renewed one works from a new network too.
    const renewed = deviceCookie(atHome);
    expect(renewed).not.toBe(device);
    expect((await loginAt(freshIp(), owner.username, PASSWORD, { cookie: renewed })).statusCode).toBe(200);
  });

  it('sets the device cookie HttpOnly, for the API only, for a year', async () => {
    const user = await buildUser(h);
    const res = await loginAt(freshIp(), user.username, PASSWORD);
    const cookie = res.cookies.find((c) => c.name === 'device')!;
    expect(cookie).toMatchObject({ httpOnly: true, path: '/api', sameSite: 'Lax', maxAge: 365 * 24 * 3600 });
  });

  it('does not trust a device cookie of another account, nor a forged one', async () => {
    const owner = await buildUser(h);
    const stranger = await buildUser(h);
    const strangersDevice = deviceCookie(await loginAt(freshIp(), stranger.username, PASSWORD));
    await strangersGuess(owner.username, 5, 4);
    expect((await loginAt(freshIp(), owner.username, PASSWORD, { cookie: strangersDevice })).statusCode).toBe(429);
    expect(
      (await loginAt(freshIp(), owner.username, PASSWORD, { cookie: `device=${'A'.repeat(43)}` })).statusCode,
    ).toBe(429);
  });

  it('limits failures from a trusted device on its own: five, then it waits', async () => {
    const owner = await buildUser(h);
    const ip = freshIp();
    const device = deviceCookie(await loginAt(ip, owner.username, PASSWORD));
    const codes: number[] = [];
    for (let i = 0; i < 6; i++)
      codes.push((await loginAt(ip, owner.username, 'Typo-Pass-1', { cookie: device })).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
    // The owner's typos on that device do not lock the account for the owner's other devices.
    expect((await loginAt(freshIp(), owner.username, PASSWORD)).statusCode).toBe(200);
  });

  it('lets the admin in at /api/admin/login from a known device while strangers hammer it, even from the same address', async () => {
    const admin = await buildUser(h, { role: 'admin' });
    const office = freshIp();
    const device = deviceCookie(await adminLoginAt(office, admin.email, PASSWORD));
    await strangersGuess(admin.email, 10, 5, adminLoginAt);
    for (let i = 0; i < 10; i++) await adminLoginAt(office, admin.email, `Wrong-From-Office-${i}`); // a stranger behind the same NAT
    expect((await adminLoginAt(freshIp(), admin.email, PASSWORD)).statusCode).toBe(429);
    const res = await adminLoginAt(office, admin.email, PASSWORD, { cookie: device });
    expect(res.statusCode).toBe(200);
    expect(res.json().role).toBe('admin');
  });

  it('trusts the browser that reset the password by mail, so the owner gets in at once', async () => {
    const owner = await buildUser(h);
    await strangersGuess(owner.username, 5, 4);
    const ip = freshIp();
    expect((await loginAt(ip, owner.username, PASSWORD)).statusCode).toBe(429);
    await h.app.inject({
      method: 'POST',
      url: '/api/request-password-reset',
      remoteAddress: ip,
      payload: { email: owner.email },
    });
    await h.jobs.runDue();
    const token = new URL(linkIn(await h.smtp.waitFor(owner.email), '/reset-password?token=')).searchParams.get(
      'token',
    )!;
    const reset = await h.app.inject({
      method: 'POST',
      url: '/api/reset-password',
      remoteAddress: ip,
      payload: { token, password: 'Brand-New-Pass-7' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await loginAt(ip, owner.username, 'Brand-New-Pass-7', { cookie: deviceCookie(reset) })).statusCode).toBe(
      200,
    );
  });
});

describe('the client address behind a proxy', () => {
  const proxy = '127.0.0.1';

  it('ignores X-Forwarded-For without TRUST_PROXY: a client cannot pick its own address', async () => {
    const victim = await buildUser(h);
    const ip = freshIp();
    for (let i = 0; i < 5; i++)
      await loginAt(ip, victim.username, 'Wrong-Pass-1', { 'x-forwarded-for': `203.0.113.${i}` });
    expect((await loginAt(ip, victim.username, 'Wrong-Pass-1', { 'x-forwarded-for': '203.0.113.99' })).statusCode).toBe(
      429,
    );
  });

  it('keys on the address the proxy saw with TRUST_PROXY=true, never on what the client wrote', async () => {
    const behind = await createHarness({ rateLimitScale: 1, env: { TRUST_PROXY: 'true' } });
    try {
      const victim = await buildUser(behind);
      const from = (client: string, xff = client) =>
        loginAt(proxy, victim.username, 'Wrong-Pass-1', { 'x-forwarded-for': xff }, behind);
      for (let i = 0; i < 5; i++) expect((await from('203.0.113.1')).statusCode).toBe(401);
      expect((await from('203.0.113.1')).statusCode).toBe(429);
      // Another client behind the same proxy is not held back by the first.
      expect((await from('203.0.113.2')).statusCode).toBe(401);
      // The proxy appends the real address: a spoofed entry in front changes nothing.
      expect((await from('203.0.113.1', '198.18.0.1, 203.0.113.1')).statusCode).toBe(429);

      // The per-address request limits key on the same address.
      const flood = (xff: string) =>
        behind.app.inject({
          method: 'POST',
          url: '/api/register',
          remoteAddress: proxy,
          headers: { 'x-forwarded-for': xff },
          payload: {},
        });
      for (let i = 0; i < ADDRESS_LIMITS.register.max; i++) await flood('203.0.113.7');
      expect((await flood('203.0.113.7')).statusCode).toBe(429);
      expect((await flood('203.0.113.8')).statusCode).toBe(400);
    } finally {
      await behind.close();
    }
  });
});
