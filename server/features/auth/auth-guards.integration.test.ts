import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, adminLogin, buildUser, createHarness, login, type Harness } from '#server/test/harness';
import { requireArea } from '#server/plugins/session';
import { countSql, type SqlCounter } from '../../../bench/sql-counter';

/** The CSRF check, suspension guards and the error envelope (rate limits: auth-limits.integration.test.ts). */
let h: Harness;
let counter: SqlCounter;
beforeAll(async () => {
  h = await createHarness({
    rateLimitScale: 1,
    routes(app) {
      // Stand-ins for the areas later issues build, guarded exactly as those will be.
      app.get('/api/test-area/courses', { preHandler: requireArea('courses') }, async () => ({ ok: true }));
      app.get('/api/test-area/chat', { preHandler: requireArea('chat') }, async () => ({ ok: true }));
      app.get('/api/test-area/boom', async () => {
        throw new Error('secret internal detail: password=hunter2 at /srv/db.ts:42');
      });
    },
  });
  // Before the first request: prepared statements take the logger they find when prepared.
  counter = countSql(h.app.database.db);
});
afterAll(() => h.close());

let ipCounter = 1;
const freshIp = () => `10.1.${Math.floor(ipCounter / 250)}.${ipCounter++ % 250}`;

describe('authorization before validation (issue 25)', () => {
  it("answers a visitor's invalid body with 401, as a valid one, without reading it", async () => {
    for (const [url, payload] of [
      ['/api/courses', { title: 5 }],
      ['/api/courses', '{"not json'],
      ['/api/jobs', {}],
      ['/api/admin/broadcasts', { nothing: true }],
    ] as const) {
      const res = await h.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode, `${url} ${res.body}`).toBe(401);
      expect(res.json()).toEqual({ error: 'Please log in to continue.', code: 'UNAUTHENTICATED' });
    }
  });

  it("answers a member's invalid body on an admin route with 403, and an admin's with 400", async () => {
    const member = await login(h, (await buildUser(h)).username);
    const refused = await h.app.inject({
      method: 'POST',
      url: '/api/admin/broadcasts',
      payload: { nothing: true },
      headers: { cookie: member },
    });
    expect(refused.statusCode, refused.body).toBe(403);
    const admin = await adminLogin(h, (await buildUser(h, { role: 'admin' })).email);
    const invalid = await h.app.inject({
      method: 'POST',
      url: '/api/admin/broadcasts',
      payload: { nothing: true },
      headers: { cookie: admin },
    });
    expect(invalid.statusCode, invalid.body).toBe(400);
  });
});

describe('CSRF defence', () => {
  it('refuses a state-changing call from a foreign origin, and accepts the app origin', async () => {
    const user = await buildUser(h);
    const payload = { username: user.username, password: PASSWORD };
    const foreign = await h.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: freshIp(),
      headers: { origin: 'https://evil.example' },
      payload,
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('CSRF_REJECTED');
    const crossSite = await h.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    const own = await h.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: freshIp(),
      headers: { origin: 'http://localhost:3999' },
      payload,
    });
    expect(own.statusCode).toBe(200);
  });
});

describe('suspension', () => {
  it('keeps GET /api/user answering with the restrictions, and closes only the restricted areas', async () => {
    const user = await buildUser(h);
    const cookie = await login(h, user.username);
    const until = new Date(h.clock.now.getTime() + 3_600_000);
    await h.services.accounts.suspend(user.id, {
      reason: 'Spam in chat',
      restrictions: ['chat', 'profile_hidden'],
      endsAt: until,
    });

    const me = await h.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      suspended: true,
      restrictions: ['chat', 'profile_hidden'],
      suspensionReason: 'Spam in chat',
      suspendedUntil: until.toISOString(),
    });

    const chat = await h.app.inject({ method: 'GET', url: '/api/test-area/chat', headers: { cookie } });
    expect(chat.statusCode).toBe(403);
    expect(chat.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED', error: expect.any(String) });
    expect((await h.app.inject({ method: 'GET', url: '/api/test-area/courses', headers: { cookie } })).statusCode).toBe(
      200,
    );

    h.clock.advance(3_600_000 + 1_000); // the end date passes: the area opens again
    expect((await h.app.inject({ method: 'GET', url: '/api/test-area/chat', headers: { cookie } })).statusCode).toBe(
      200,
    );
    h.clock.reset();
  });

  it('closes every area when no list is given, until lifted', async () => {
    const user = await buildUser(h);
    const cookie = await login(h, user.username);
    await h.services.accounts.suspend(user.id, { reason: 'Fraud' });
    expect((await h.app.inject({ method: 'GET', url: '/api/test-area/courses', headers: { cookie } })).statusCode).toBe(
      403,
    );
    await h.services.accounts.lift(user.id);
    expect((await h.app.inject({ method: 'GET', url: '/api/test-area/courses', headers: { cookie } })).statusCode).toBe(
      200,
    );
    expect((await h.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).json().suspended).toBe(false);
  });

  it('reads the session, its user and the suspension in force in one SQL statement', async () => {
    const user = await buildUser(h);
    const cookie = await login(h, user.username);
    const me = async () => {
      counter.reset();
      const res = await h.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
      expect(counter.count).toBe(1);
      return res.json();
    };
    expect(await me()).toMatchObject({
      suspended: false,
      restrictions: [],
      suspensionReason: null,
      suspendedUntil: null,
    });

    const soon = new Date(h.clock.now.getTime() + 30_000);
    await h.services.accounts.suspend(user.id, { reason: 'Old', restrictions: ['chat'] });
    h.clock.advance(1_000);
    // suspend() lifts the one before: only the newest is in force.
    await h.services.accounts.suspend(user.id, { reason: 'Newest', restrictions: ['courses'], endsAt: soon });
    expect(await me()).toMatchObject({
      suspended: true,
      restrictions: ['courses'],
      suspensionReason: 'Newest',
      suspendedUntil: soon.toISOString(),
    });

    h.clock.advance(30_000); // past its end: no longer in force (and within the minute before last seen is written)
    expect(await me()).toMatchObject({ suspended: false, restrictions: [] });
    h.clock.reset();
  });

  it('answers 401 to a visitor in a restricted area', async () => {
    expect((await h.app.inject({ method: 'GET', url: '/api/test-area/courses' })).statusCode).toBe(401);
  });
});

describe('envelope, health and headers', () => {
  it('hides internals in a 500', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/test-area/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: expect.any(String), code: 'INTERNAL' });
    expect(res.body).not.toMatch(/secret|hunter2|srv/);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', error: expect.any(String) });
  });

  it('reports the database in /api/health and sends security headers', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: expect.stringMatching(/: up$/) });
    expect(res.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('serves the OpenAPI document', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(expect.arrayContaining(['/api/login', '/api/register', '/api/user']));
  });
});
