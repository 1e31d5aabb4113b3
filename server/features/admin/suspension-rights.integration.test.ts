import type { AddressInfo } from 'node:net';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogin, APP_URL, buildUser, createHarness, login, type Harness } from '#server/test/harness';
import { connected, openTestSocket, record } from '#server/test/sockets';

/**
 * Issue 26: a suspended member keeps their data rights, hears the lift on their open page, and
 * the admin page names who lifted the suspension.
 */
let h: Harness;
let port: number;
let adminCookie: string;
let adminName: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  h = await createHarness();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  port = (h.app.server.address() as AddressInfo).port;
  const admin = await buildUser(h, { role: 'admin' });
  adminName = admin.fullName;
  adminCookie = await adminLogin(h, admin.email);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await h.close();
});

const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
  h.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

async function suspendedMember() {
  const user = await buildUser(h, { role: 'student' });
  const cookie = await login(h, user.username);
  const res = await call('POST', `/api/admin/users/${user.id}/suspend`, adminCookie, {
    reason: 'Spam in chat',
    restrictions: ['chat', 'talent', 'courses', 'jobs', 'mentorship'],
  });
  expect(res.statusCode, res.body).toBe(200);
  return { user, cookie };
}

describe('a suspended member', () => {
  it('can still ask for and download their data export', async () => {
    const { cookie } = await suspendedMember();
    expect((await call('GET', '/api/user', cookie)).json().suspended).toBe(true);
    const asked = await call('POST', '/api/user/export', cookie);
    expect(asked.statusCode, asked.body).toBe(202);
    await h.jobs.runDue();
    const ready = (await call('GET', '/api/user/export', cookie)).json().export;
    expect(ready.status).toBe('ready');
    const file = await call('GET', ready.downloadUrl, cookie);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('zip');
  });

  it('hears the lift on their open socket, and the admin page says who lifted it and when', async () => {
    const { user, cookie } = await suspendedMember();
    const socket = openTestSocket(port, { cookie, origin: APP_URL });
    sockets.push(socket);
    const seen = record(socket, ['data:updated']);
    await connected(socket);

    expect((await call('POST', `/api/admin/users/${user.id}/unsuspend`, adminCookie)).statusCode).toBe(200);
    await seen.next('data:updated', (p: { queryKeys: string[][] }) => p.queryKeys.some((k) => k[0] === 'user'));
    expect((await call('GET', '/api/user', cookie)).json().suspended).toBe(false);

    const res = await call('GET', `/api/admin/users/${user.id}`, adminCookie);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json();
    expect(detail.suspensions[0]).toMatchObject({
      reason: 'Spam in chat',
      createdByName: adminName,
      liftedByName: adminName,
      liftedAt: h.clock.now.toISOString(),
    });
  });
});
