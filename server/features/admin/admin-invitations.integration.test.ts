import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogin, buildUser, createHarness, login, unique, type Harness } from '#server/test/harness';
import { linkIn } from '#server/test/smtp-sink';

let h: Harness;
let adminCookie: string;
beforeAll(async () => {
  h = await createHarness();
  adminCookie = await adminLogin(h, (await buildUser(h, { role: 'admin' })).email);
});
afterAll(() => h.close());

const invite = (email: string, cookie = adminCookie) =>
  h.app.inject({ method: 'POST', url: '/api/admin/invitations', headers: { cookie }, payload: { email } });
const accept = (token: string, password: string) =>
  h.app.inject({ method: 'POST', url: '/api/admin-invitations/accept', payload: { token, password } });

describe('admin invitations', () => {
  it('invites by email; the invited person sets a password through the mailed link and signs in at /api/admin/login', async () => {
    const email = `${unique('newadmin')}@example.com`;
    const res = await invite(email);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ email, message: expect.stringContaining(email) });
    // Before accepting, nobody can sign in as them.
    expect(
      (
        await h.app.inject({
          method: 'POST',
          url: '/api/admin/login',
          payload: { email, password: 'Lagos-Sunrise-42' },
        })
      ).statusCode,
    ).toBe(401);

    await h.jobs.runDue();
    const link = linkIn(await h.smtp.waitFor(email), '/admin/invitation?token=');
    const token = new URL(link).searchParams.get('token')!;
    const done = await accept(token, 'Lagos-Sunrise-42');
    expect(done.statusCode, done.body).toBe(200);
    expect((await accept(token, 'Another-Pass-77')).statusCode).toBe(400);

    const cookie = await adminLogin(h, email, 'Lagos-Sunrise-42');
    expect((await h.app.inject({ method: 'GET', url: '/api/admin/users', headers: { cookie } })).statusCode).toBe(200);
    const audit = await h.app.inject({
      method: 'GET',
      url: '/api/admin/audit?action=admin.invite',
      headers: { cookie: adminCookie },
    });
    expect(audit.json().entries[0]).toMatchObject({ action: 'admin.invite', after: { email, role: 'admin' } });
  });

  it('invites people whose addresses share a name, at once, each with a username of their own', async () => {
    const name = unique('jo');
    const answers = await Promise.all(['a', 'b', 'c'].map((d) => invite(`${name}@${d}.example.com`)));
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const usernames = await Promise.all(
      answers.map(async (r) => (await h.services.accounts.findById(r.json().id))!.username),
    );
    expect(new Set(usernames).size).toBe(3);
  });

  it('refuses an address that already has an account, a member inviting, and a bad token', async () => {
    const member = await buildUser(h);
    expect((await invite(member.email)).statusCode).toBe(409);
    const cookie = await login(h, member.username);
    expect((await invite(`${unique('x')}@example.com`, cookie)).statusCode).toBe(403);
    expect((await accept('not-a-real-token-at-all', 'Lagos-Sunrise-42')).statusCode).toBe(400);
  });
});
