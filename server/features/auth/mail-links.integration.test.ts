import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RESET_LINK_INVALID,
  RESET_TOKEN_MISSING,
  VERIFY_LINK_INVALID,
  VERIFY_TOKEN_MISSING,
} from '#shared/auth/auth.schemas';
import { APP_URL, PASSWORD, buildUser, createHarness, unique, type Harness } from '#server/test/harness';
import { linkIn } from '#server/test/smtp-sink';

/** Mailed links that arrive broken: mail apps wrap long links, and people copy half of one. */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const resetWith = (token: unknown) =>
  h.app.inject({ method: 'POST', url: '/api/reset-password', payload: { token, password: 'Brand-New-Pass-7' } });
const verifyAt = (query: string) => h.app.inject({ method: 'GET', url: `/api/verify-email/direct${query}` });
const redirectMessage = (location: unknown) => new URL(String(location), APP_URL).searchParams.get('error');

/** Ways a real 43-character token reaches us broken. */
const broken = (token: string) => [
  token.slice(0, 20),
  token.slice(0, 42),
  `${token}x`,
  `${token.slice(0, 30)}%0A`,
  'not a token at all',
  'x'.repeat(1_500),
];

describe('reset links', () => {
  it('says a cut-short or malformed token is an invalid or expired link, and keeps "Reset token is missing." for none', async () => {
    const user = await buildUser(h);
    await h.app.inject({ method: 'POST', url: '/api/request-password-reset', payload: { email: user.email } });
    await h.jobs.runDue();
    const token = new URL(linkIn(await h.smtp.waitFor(user.email), '/reset-password?token=')).searchParams.get(
      'token',
    )!;
    expect(token).toHaveLength(43);

    for (const bad of broken(token)) {
      const res = await resetWith(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error, bad).toBe(RESET_LINK_INVALID);
    }
    for (const none of ['', '   ']) {
      expect((await resetWith(none)).json().error).toBe(RESET_TOKEN_MISSING);
    }
    expect((await resetWith(undefined)).json().error).toBe(RESET_TOKEN_MISSING);
    // The whole token still works afterwards, with surrounding spaces from a careless copy.
    expect((await resetWith(` ${token} `)).statusCode).toBe(200);
    expect(
      (
        await h.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: user.username, password: 'Brand-New-Pass-7' },
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('verification links', () => {
  it('redirects a cut-short or malformed token to the invalid-or-expired message, and no token to the spec message', async () => {
    const username = unique('v');
    await h.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        username,
        password: PASSWORD,
        email: `${username}@example.com`,
        fullName: 'Tunde Bello',
        agreeToTerms: true,
      },
    });
    await h.jobs.runDue();
    const link = linkIn(await h.smtp.waitFor(`${username}@example.com`), '/api/verify-email/direct?token=');
    const token = new URL(link).searchParams.get('token')!;

    for (const bad of broken(token)) {
      const res = await verifyAt(`?token=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(302);
      expect(redirectMessage(res.headers.location), bad).toBe(VERIFY_LINK_INVALID);
    }
    for (const none of ['', '?token=', '?token=%20']) {
      expect(redirectMessage((await verifyAt(none)).headers.location)).toBe(VERIFY_TOKEN_MISSING);
    }
    // However long, a broken token is answered with a page, never JSON: a browser follows this link.
    expect(redirectMessage((await verifyAt(`?token=${'a'.repeat(8_000)}`)).headers.location)).toBe(VERIFY_LINK_INVALID);

    expect((await verifyAt(`?token=${token}`)).headers.location).toBe('/verify-email?success=true');
  });
});

describe('link tokens and the job table', () => {
  it('keeps no verification or reset token in any job payload, sent or dead', async () => {
    const username = unique('payload');
    const email = `${username}@example.com`;
    const reg = await h.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username, password: PASSWORD, email, fullName: 'Amaka Obi', agreeToTerms: true },
    });
    expect(reg.statusCode, reg.body).toBe(201);
    await h.app.inject({ method: 'POST', url: '/api/resend-verification', payload: { email } });
    await h.app.inject({ method: 'POST', url: '/api/request-password-reset', payload: { email } });
    await h.jobs.runDue();
    const tokens = h.smtp.mails
      .filter((m) => m.to.includes(email))
      .map((m) => new URL(linkIn(m, 'token=')).searchParams.get('token')!);
    expect(tokens).toHaveLength(3);
    const { rows } = await h.app.database.db.execute<{ data: string }>(sql`select data::text as data from pgboss.job`);
    expect(rows.length).toBeGreaterThan(0);
    for (const token of tokens) expect(rows.filter((r) => r.data.includes(token))).toEqual([]);
    for (const dead of await h.services.jobs.dead())
      expect(tokens.some((t) => JSON.stringify(dead.payload).includes(t))).toBe(false);
  });
});
