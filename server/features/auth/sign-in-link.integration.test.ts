import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { TOTP } from 'otpauth';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  SIGN_IN_LINK_INVALID,
  SIGN_IN_LINK_MINUTES,
  SIGN_IN_LINK_MISSING,
  SIGN_IN_LINK_SENT,
} from '#shared/auth/sign-in-link.schemas';
import {
  PASSWORD,
  adminLogin,
  buildUser,
  createHarness,
  sessionCookie,
  unique,
  type Harness,
} from '#server/test/harness';
import { linkIn } from '#server/test/smtp-sink';
import { users } from '../accounts/accounts.table';
import { ADDRESS_LIMITS, EMAIL_LIMITS } from './auth-limits';

/**
 * The mailed one-time sign-in link (decision 049), through HTTP, with the limits at their real
 * values, reading each link from the mail the local SMTP sink caught.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ rateLimitScale: 1 });
});
afterAll(() => h.close());
beforeEach(() => h.clock.reset());

let ipCounter = 1;
const freshIp = () => `10.77.${Math.floor(ipCounter / 250) % 250}.${(ipCounter++ % 250) + 1}`;
const MINUTE = 60_000;

type Headers = Record<string, string>;
const post = (url: string, payload: object, ip = freshIp(), headers: Headers = {}) =>
  h.app.inject({ method: 'POST', url, remoteAddress: ip, headers, payload });
const loginAt = (ip: string, username: string, password = PASSWORD, headers: Headers = {}) =>
  post('/api/login', { username, password }, ip, headers);
const askLink = (login: string, ip = freshIp()) => post('/api/sign-in-link', { login }, ip);
const useLink = (token: unknown, ip = freshIp(), headers: Headers = {}) =>
  post('/api/sign-in-link/use', { token }, ip, headers);
const me = (cookie: string) => h.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });

function deviceCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'device');
  if (!cookie) throw new Error(`no device cookie in ${res.statusCode} ${res.body}`);
  return `device=${cookie.value}`;
}

/** The token of the newest sign-in link mailed to `email`. */
async function mailedToken(email: string): Promise<string> {
  await h.jobs.runDue();
  const link = linkIn(await h.smtp.waitFor(email), '/sign-in-link?token=');
  expect(link.startsWith('http://localhost:3999/sign-in-link?token=')).toBe(true);
  return new URL(link).searchParams.get('token')!;
}

const mailsTo = (email: string) => h.smtp.mails.filter((m) => m.to.includes(email.toLowerCase()));
const usedNotices = (email: string) =>
  mailsTo(email).filter((m) => m.text.includes('A sign-in link mailed to this address was just used'));

/** Strangers' guesses from 5 addresses: the account is locked for every device it never signed in from. */
async function lockOut(username: string) {
  for (let a = 0; a < 5; a++) {
    const ip = freshIp();
    for (let i = 0; i < 4; i++) await loginAt(ip, username, `Wrong-Guess-${a}-${i}`);
  }
}

describe('a locked sign-in offers the link', () => {
  it('adds signInLink to the 429, keeping its sentence, for known and unknown accounts alike', async () => {
    const owner = await buildUser(h);
    await lockOut(owner.username);
    const refused = await loginAt(freshIp(), owner.username);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'RATE_LIMITED',
      error:
        'This account has had too many failed sign-in attempts. Please try again in a minute, or reset your password by email to sign in from this device now.',
      signInLink: true,
    });

    const ghost = unique('ghost');
    const ip = freshIp();
    for (let i = 0; i < 5; i++) await loginAt(ip, ghost, 'Wrong-Pass-1');
    expect((await loginAt(ip, ghost, 'Wrong-Pass-1')).json()).toMatchObject({ code: 'RATE_LIMITED', signInLink: true });
    // A wrong password is not a lock: no offer.
    expect((await loginAt(freshIp(), unique('nobody'), 'Wrong-Pass-1')).json().signInLink).toBeUndefined();
  });
});

describe('the request', () => {
  it('answers a visitor the same for an account that does not exist, and mails nobody', async () => {
    const before = h.smtp.mails.length;
    for (const login of [unique('ghost'), `${unique('ghost')}@example.com`]) {
      const res = await askLink(login);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: SIGN_IN_LINK_SENT });
    }
    await h.jobs.runDue();
    expect(h.smtp.mails.length).toBe(before);
  });

  it('refuses a body without a username or email', async () => {
    const res = await post('/api/sign-in-link', { login: ' ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.login).toBe('Enter your username or email');
  });
});

describe('a member locked out by strangers', () => {
  it('gets in with the mailed link on a new device, which is then trusted; the owner is told', async () => {
    const owner = await buildUser(h);
    await lockOut(owner.username);
    const ip = freshIp();
    expect((await loginAt(ip, owner.username)).statusCode).toBe(429);

    const asked = await askLink(owner.username, ip);
    expect(asked.json()).toEqual({ message: SIGN_IN_LINK_SENT });
    const token = await mailedToken(owner.email);
    expect(mailsTo(owner.email).at(-1)!.text).toContain(`expires in ${SIGN_IN_LINK_MINUTES} minutes`);

    const used = await useLink(token, ip, { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0' });
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json()).toMatchObject({ username: owner.username, email: owner.email });
    const cookie = sessionCookie(used);
    expect((await me(cookie)).json().username).toBe(owner.username);
    expect(used.cookies.find((c) => c.name === 'device')).toMatchObject({ httpOnly: true, path: '/api' });

    // The lock no longer applies to this browser: its password goes through while others still wait.
    expect((await loginAt(ip, owner.username, PASSWORD, { cookie: deviceCookie(used) })).statusCode).toBe(200);
    expect((await loginAt(freshIp(), owner.username)).statusCode).toBe(429);

    await h.jobs.runDue();
    const notices = usedNotices(owner.email);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain('Firefox on Linux');
  });

  it('works once: a second use, and a link older than the newest, answer 400', async () => {
    const owner = await buildUser(h);
    await askLink(owner.email);
    const first = await mailedToken(owner.email);
    await askLink(owner.username);
    const second = await mailedToken(owner.email);
    expect(second).not.toBe(first);

    const older = await useLink(first);
    expect(older.statusCode).toBe(400);
    expect(older.json()).toEqual({ error: SIGN_IN_LINK_INVALID, code: 'TOKEN_INVALID' });
    expect((await useLink(second)).statusCode).toBe(200);
    const again = await useLink(second);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(SIGN_IN_LINK_INVALID);
    expect(again.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    await h.jobs.runDue();
    expect(usedNotices(owner.email)).toHaveLength(1);
  });

  it(`expires after ${SIGN_IN_LINK_MINUTES} minutes`, async () => {
    const owner = await buildUser(h);
    await askLink(owner.username);
    const token = await mailedToken(owner.email);
    h.clock.advance(SIGN_IN_LINK_MINUTES * MINUTE + 1_000);
    const late = await useLink(token);
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toBe(SIGN_IN_LINK_INVALID);
  });

  it('refuses a wrong token, a cut-short one and none, each with its sentence', async () => {
    const owner = await buildUser(h);
    await askLink(owner.username);
    const token = await mailedToken(owner.email);
    const wrong = `${token.slice(0, 42)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [wrong, 'A'.repeat(43)]) {
      const res = await useLink(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toEqual({ error: SIGN_IN_LINK_INVALID, code: 'TOKEN_INVALID' });
    }
    const cut = await useLink(token.slice(0, 30));
    expect(cut.statusCode).toBe(400);
    expect(cut.json().error).toBe(SIGN_IN_LINK_INVALID);
    expect((await useLink('')).json().error).toBe(SIGN_IN_LINK_MISSING);
    // None of these used the real link up.
    expect((await useLink(token)).statusCode).toBe(200);
  });

  it('verifies an unverified address, as a reset link does', async () => {
    const waiting = await buildUser(h, { emailVerified: false });
    await askLink(waiting.username);
    const used = await useLink(await mailedToken(waiting.email));
    expect(used.statusCode).toBe(200);
    expect(used.json().emailVerified).toBe(true);
  });
});

describe('suspended and deleted accounts follow the password sign-in', () => {
  it('signs a suspended member in, who then sees their restrictions, as the password does', async () => {
    const member = await buildUser(h);
    await h.services.accounts.suspend(member.id, { reason: 'Spam in chat', restrictions: ['chat'] });
    const byPassword = await loginAt(freshIp(), member.username);
    expect(byPassword.statusCode).toBe(200);
    await askLink(member.username);
    const used = await useLink(await mailedToken(member.email));
    expect(used.statusCode).toBe(200);
    expect(byPassword.json()).toMatchObject({ suspended: true, suspensionReason: 'Spam in chat' });
    expect(used.json()).toMatchObject({ suspended: true, suspensionReason: 'Spam in chat' });
  });

  it('mails a deleted account nothing, and ends a link mailed before the deletion', async () => {
    const member = await buildUser(h);
    await askLink(member.username);
    const token = await mailedToken(member.email);
    await h.app.database.db.update(users).set({ deletedAt: h.clock.now }).where(eq(users.id, member.id));
    expect((await loginAt(freshIp(), member.username)).statusCode).toBe(401);

    const refused = await useLink(token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(SIGN_IN_LINK_INVALID);
    const before = mailsTo(member.email).length;
    expect((await askLink(member.username)).json()).toEqual({ message: SIGN_IN_LINK_SENT });
    await h.jobs.runDue();
    expect(mailsTo(member.email).length).toBe(before);
  });
});

describe('admins', () => {
  it('signs an admin without two-factor in, by email or username', async () => {
    const admin = await buildUser(h, { role: 'admin' });
    await askLink(admin.email);
    const used = await useLink(await mailedToken(admin.email));
    expect(used.statusCode).toBe(200);
    expect(used.json().role).toBe('admin');
  });

  it('still asks an admin with two-factor for the code: the link replaces the password only', async () => {
    const admin = await buildUser(h, { role: 'admin' });
    const cookie = await adminLogin(h, admin.email);
    const { secret } = (
      await h.app.inject({ method: 'POST', url: '/api/admin/two-factor/setup', headers: { cookie } })
    ).json<{ secret: string }>();
    const codeAt = (ms: number) => new TOTP({ secret }).generate({ timestamp: ms });
    const on = await h.app.inject({
      method: 'POST',
      url: '/api/admin/two-factor/confirm',
      headers: { cookie },
      payload: { code: codeAt(h.clock.now.getTime()) },
    });
    expect(on.statusCode, on.body).toBe(200);
    h.clock.advance(30_000);

    await lockOut(admin.email);
    const ip = freshIp();
    await askLink(admin.email, ip);
    const used = await useLink(await mailedToken(admin.email), ip);
    expect(used.statusCode, used.body).toBe(200);
    const answer = used.json();
    expect(answer).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
    expect(used.cookies.find((c) => c.name === 'sid')).toBeUndefined();

    // The link trusted this browser, so the account's lock does not stop its code step.
    const signedIn = await post(
      '/api/admin/login/two-factor',
      { challenge: answer.challenge, code: codeAt(h.clock.now.getTime()) },
      ip,
      { cookie: deviceCookie(used) },
    );
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().role).toBe('admin');
  });
});

describe('limits', () => {
  it(`mails one account at most ${EMAIL_LIMITS.signInLink.max} links an hour, its username and email together`, async () => {
    const owner = await buildUser(h);
    const codes: number[] = [];
    for (let i = 0; i <= EMAIL_LIMITS.signInLink.max; i++)
      codes.push((await askLink(i % 2 ? owner.email : owner.username)).statusCode);
    expect(codes).toEqual([...Array(EMAIL_LIMITS.signInLink.max).fill(200), 429]);
    const refused = await askLink(owner.email.toUpperCase());
    expect(refused.json().error).toMatch(
      /^Too many sign-in links were asked for this account\. Please try again in (60|59) minutes\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(59 * 60);
  });

  it('limits a name that matches no account alike, so the limit tells nothing either', async () => {
    const ghost = unique('ghost');
    const codes: number[] = [];
    for (let i = 0; i <= EMAIL_LIMITS.signInLink.max; i++) codes.push((await askLink(ghost)).statusCode);
    expect(codes).toEqual([...Array(EMAIL_LIMITS.signInLink.max).fill(200), 429]);
  });

  it(`stops a flood from one address after ${ADDRESS_LIMITS.signInLink.max} requests`, async () => {
    const ip = freshIp();
    for (let i = 0; i < ADDRESS_LIMITS.signInLink.max; i++)
      expect((await askLink(unique('flood'), ip)).statusCode).toBe(200);
    const flood = await askLink(unique('flood'), ip);
    expect(flood.statusCode).toBe(429);
    expect(flood.json().code).toBe('RATE_LIMITED');
  });
});

describe('the API document', () => {
  it('shows both routes with examples', () => {
    type Op = { requestBody: { content: Record<string, { schema: object }> }; responses: Record<string, unknown> };
    const doc = h.app.swagger() as unknown as { paths: Record<string, { post: Op }> };
    const text = JSON.stringify(doc.paths['/api/sign-in-link']!.post);
    expect(text).toContain('amaka@example.com');
    expect(text).toContain(JSON.stringify(SIGN_IN_LINK_SENT));
    const use = doc.paths['/api/sign-in-link/use']!.post;
    expect(JSON.stringify(use.requestBody)).toContain('q3Vb1x0cX0cA8m2Hk7yV6a0m9Yw2f8v1LrQpZs4tNuE');
    expect(Object.keys(use.responses)).toEqual(expect.arrayContaining(['200', '400', '429']));
  });
});
