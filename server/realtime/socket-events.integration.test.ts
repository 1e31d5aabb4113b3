import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { emitWithAck, keepInRoom } from '#client/lib/socket';
import { roomJoin, roomLeave } from '#shared/realtime/client-events';
import { SOCKET_RATE } from './token-bucket';
import { buildUser, createHarness, type Harness } from '../test/harness';
import { eventually } from './testing/eventually';
import { disconnected } from '../test/sockets';
import { databaseDigest, realtimeClients, type RealtimeClient } from './testing/realtime-clients';
import { registerTestRealtime, testBoom, testEcho, testRoom, testSay, testTyping } from './testing/test-realtime';

const sockets: Socket[] = [];
afterAll(() => sockets.forEach((s) => s.disconnect()));

describe('client events on one app', () => {
  let h: Harness;
  let port: number;
  let clients: ReturnType<typeof realtimeClients>;
  const member = () => clients.member(port);
  const said = (c: RealtimeClient) => c.seen.of('test:said').map((p) => (p as { text: string }).text);

  beforeAll(async () => {
    h = await createHarness({ routes: (_app, services) => registerTestRealtime(services.realtime) });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    port = (h.app.server.address() as AddressInfo).port;
    clients = realtimeClients(h, sockets);
  });
  afterAll(() => h.close());

  it('refuses a bad payload with an error acknowledgement, and the same socket still works', async () => {
    const a = await member();
    const bad = (payload: unknown) => emitWithAck(a.socket, testEcho, payload as never);
    expect(await bad({ text: '' })).toEqual({
      ok: false,
      code: 'VALIDATION_FAILED',
      error: 'Say something',
      fields: { text: 'Say something' },
    });
    for (const payload of [{ text: 5 }, undefined, 'text', [1, 2], { text: 'x'.repeat(101) }, null]) {
      expect(await bad(payload)).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    }
    expect(await a.socket.timeout(2_000).emitWithAck('no:such-event', {})).toEqual({
      ok: false,
      code: 'BAD_REQUEST',
      error: 'This event is not known.',
    });
    // A bug in a handler is an error acknowledgement that says nothing of the inside.
    expect(await emitWithAck(a.socket, testBoom, {})).toEqual({
      ok: false,
      code: 'INTERNAL',
      error: 'Something went wrong on our side. Please try again.',
    });
    expect(await emitWithAck(a.socket, testEcho, { text: 'still here' })).toEqual({
      ok: true,
      data: { text: 'still here' },
    });
    expect(a.socket.connected).toBe(true);
  });

  it('refuses a NUL character anywhere in a payload, naming the field, as the HTTP edge does', async () => {
    const a = await member();
    const message = (field: string) =>
      `${field} contains a NUL character (U+0000), which is not allowed. Remove it and try again.`;
    expect(await emitWithAck(a.socket, testEcho, { text: 'a\u0000b' })).toEqual({
      ok: false,
      code: 'VALIDATION_FAILED',
      error: message('text'),
      fields: { text: message('text') },
    });
    expect(await a.socket.timeout(2_000).emitWithAck('test:echo', { text: 'ok', ['x\u0000']: 1 })).toMatchObject({
      ok: false,
      code: 'VALIDATION_FAILED',
      fields: { x: message('x') },
    });
    expect(await a.socket.timeout(2_000).emitWithAck('test:echo', '\u0000')).toMatchObject({
      ok: false,
      code: 'VALIDATION_FAILED',
      error: message('payload'),
    });
    expect(await emitWithAck(a.socket, testEcho, { text: 'still here' })).toEqual({
      ok: true,
      data: { text: 'still here' },
    });
  });

  it('closes only the socket that sends a frame over 16 KB', async () => {
    const [a, b] = [await member(), await member()];
    a.socket.emit('test:echo', { text: 'x'.repeat(20_000) });
    await disconnected(a.socket);
    expect(await emitWithAck(b.socket, testEcho, { text: 'fine' })).toMatchObject({ ok: true });
  });

  it('keeps a member out of a room not theirs, whatever they send by hand', async () => {
    const [a, b, outsider] = [await member(), await member(), await member()];
    const room = testRoom(a.user.id, b.user.id);
    expect(await a.join(room)).toEqual({ ok: true, data: { room, online: [a.user.id] } });
    expect(await b.join(room)).toMatchObject({ ok: true });

    const forbidden = { ok: false, code: 'FORBIDDEN', error: 'You do not have access to this.' };
    expect(await outsider.join(room)).toEqual(forbidden);
    // Rooms the handshake chooses are never open to a client, nor made-up kinds.
    for (const other of [`user:${a.user.id}`, 'role:admin', 'session:x', 'chat:1', 'all']) {
      expect(await emitWithAck(outsider.socket, roomJoin, { room: other })).toMatchObject({ ok: false });
    }
    expect(await emitWithAck(outsider.socket, testSay, { room, text: 'from outside' })).toEqual(forbidden);
    outsider.socket.emit('join', room);
    outsider.socket.emit('subscribe', { room });

    expect(await emitWithAck(a.socket, testSay, { room, text: 'members only' })).toEqual({ ok: true, data: {} });
    await b.seen.next('test:said');
    await outsider.drain();
    await a.drain();
    expect(outsider.seen.of('test:said')).toEqual([]);
    expect(said(a)).toEqual(['members only']);
    expect(said(b)).toEqual(['members only']);
  });

  it('takes a revoked member out of the room, and checks the policy again on reconnect', async () => {
    const [a, b] = [await member(), await member()];
    const room = testRoom(a.user.id, b.user.id);
    await a.join(room);
    await b.join(room);
    await h.services.accounts.suspend(b.user.id, { reason: 'Spam in chat', restrictions: ['chat'] });
    await h.services.realtime.rooms.revoke(room, b.user.id);
    expect(await b.seen.next('room:left')).toEqual({ room });

    await emitWithAck(a.socket, testSay, { room, text: 'after revoke' });
    await a.seen.next('test:said');
    await b.drain();
    expect(said(b)).toEqual([]);
    // Suspended from chat: the member's socket cannot act in that area any more.
    expect(await emitWithAck(b.socket, testSay, { room, text: 'x' })).toMatchObject({
      ok: false,
      code: 'ACCOUNT_SUSPENDED',
    });

    b.socket.disconnect();
    const again = await clients.connect(b.user, b.cookie, port);
    expect(await again.join(room)).toEqual({
      ok: false,
      code: 'ACCOUNT_SUSPENDED',
      error: 'Your account is suspended from this area.',
    });
    await h.services.accounts.lift(b.user.id);
    expect(await again.join(room)).toMatchObject({ ok: true });
  });

  it("a suspension from the console takes the member's open sockets out of the rooms it closes, at once", async () => {
    const [a, b] = [await member(), await member()];
    const admin = await h.services.accounts.present(await buildUser(h, { role: 'admin' }));
    const room = testRoom(a.user.id, b.user.id);
    await a.join(room);
    await b.join(room);
    const bSecondTab = await clients.connect(b.user, b.cookie, port);
    await bSecondTab.join(room);

    await h.services.admin.members.suspend(admin, b.user.id, { reason: 'Spam in chat', restrictions: ['chat'] });
    expect(await b.seen.next('room:left')).toEqual({ room });
    expect(await bSecondTab.seen.next('room:left')).toEqual({ room });

    await emitWithAck(a.socket, testSay, { room, text: 'after the suspension' });
    await a.seen.next('test:said');
    await b.drain();
    await bSecondTab.drain();
    expect(said(b)).toEqual([]);
    expect(said(bSecondTab)).toEqual([]);
    // Still connected: their notifications (the suspension's own among them) keep arriving.
    expect(b.socket.connected).toBe(true);
  });

  it('a suspension from another area leaves the member in the rooms it does not close', async () => {
    const [a, b] = [await member(), await member()];
    const admin = await h.services.accounts.present(await buildUser(h, { role: 'admin' }));
    const room = testRoom(a.user.id, b.user.id);
    await a.join(room);
    await b.join(room);
    await h.services.admin.members.suspend(admin, b.user.id, { reason: 'Fake gigs', restrictions: ['jobs'] });
    await b.drain();
    await emitWithAck(a.socket, testSay, { room, text: 'still here' });
    await b.seen.next('test:said');
    expect(b.seen.of('room:left')).toEqual([]);
  });

  it("a change of roles moves the member's sockets to their new role's broadcasts", async () => {
    const b = await member();
    const admin = await h.services.accounts.present(await buildUser(h, { role: 'admin' }));
    await h.services.admin.members.setRoles(admin, b.user.id, { roles: ['tutor'] });
    let tries = 0;
    await eventually(async () => {
      h.services.realtime.emitToRole('tutor', 'data:updated', { queryKeys: [[`tutors-${tries++}`]] });
      await b.drain();
      return b.seen.of('data:updated').some((p) => /^tutors-/.test((p as { queryKeys: string[][] }).queryKeys[0]![0]!));
    });
  });

  it("the client's keepInRoom asks again on every reconnect, and the server decides again", async () => {
    const [a, b] = [await member(), await member()];
    const room = testRoom(a.user.id, b.user.id);
    const answers: unknown[] = [];
    const leave = keepInRoom(b.socket, room, (ack) => answers.push(ack));
    await vi.waitFor(() => expect(answers).toEqual([{ ok: true, data: expect.objectContaining({ room }) }]));
    await h.services.accounts.suspend(b.user.id, { reason: 'Spam in chat', restrictions: ['chat'] });
    b.socket.disconnect();
    b.socket.connect();
    await vi.waitFor(() => expect(answers[1]).toMatchObject({ ok: false, code: 'ACCOUNT_SUSPENDED' }));
    await h.services.accounts.lift(b.user.id);
    leave();
  });

  it('lets a logged-out socket do nothing: logout closes it, a lost session refuses and closes', async () => {
    const a = await member();
    const closed = disconnected(a.socket);
    await h.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: a.cookie } });
    expect(await closed).toBe('io server disconnect');

    const b = await member();
    await h.app.database.db.execute(sql`delete from sessions where user_id = ${b.user.id}`);
    expect(await emitWithAck(b.socket, testEcho, { text: 'hi' })).toEqual({
      ok: false,
      code: 'UNAUTHENTICATED',
      error: 'Please log in to continue.',
    });
    await disconnected(b.socket);
  });

  it('refuses a flood with error acknowledgements, then disconnects the flooder; the server stays up', async () => {
    const a = await member();
    // The harness clock stands still: the bucket never refills during this test.
    const flood = await Promise.all(
      Array.from({ length: SOCKET_RATE.burst + SOCKET_RATE.floodDebt - 1 }, (_, i) =>
        emitWithAck(a.socket, testEcho, { text: `m${i}` }),
      ),
    );
    expect(flood.slice(0, SOCKET_RATE.burst).every((r) => r.ok)).toBe(true);
    expect(new Set(flood.slice(SOCKET_RATE.burst).map((r) => JSON.stringify(r)))).toEqual(
      new Set([
        JSON.stringify({ ok: false, error: 'You are sending too fast. Please slow down.', code: 'RATE_LIMITED' }),
      ]),
    );
    const closed = disconnected(a.socket);
    a.socket.emit('test:echo', { text: 'one too many' });
    expect(await closed).toBe('io server disconnect');

    const b = await member();
    expect(await emitWithAck(b.socket, testEcho, { text: 'up' })).toEqual({ ok: true, data: { text: 'up' } });
  });

  it('relays typing to the other member only, and writes nothing to the database', async () => {
    const [a, b] = [await member(), await member()];
    const room = testRoom(a.user.id, b.user.id);
    await a.join(room);
    await b.join(room);
    const before = await databaseDigest(h);
    expect(await emitWithAck(a.socket, testTyping, { room })).toEqual({ ok: true, data: {} });
    expect(await b.seen.next('test:typing')).toEqual({ room, userId: a.user.id });
    await a.drain();
    expect(a.seen.of('test:typing')).toEqual([]);
    expect(await databaseDigest(h)).toBe(before);
  });

  it('knows who is online, tells the room, and keeps the last-seen time', async () => {
    const { presence } = h.services.realtime;
    const [a, b] = [await member(), await member()];
    const room = testRoom(a.user.id, b.user.id);
    await a.join(room);
    expect(await b.join(room)).toEqual({
      ok: true,
      data: { room, online: expect.arrayContaining([a.user.id, b.user.id]) },
    });
    expect(await a.seen.next('presence:changed')).toEqual({ room, userId: b.user.id, online: true, lastSeenAt: null });
    expect(await presence.isOnline(b.user.id)).toBe(true);
    expect(await presence.onlineAmong([a.user.id, b.user.id, '00000000-0000-4000-8000-000000000000'])).toEqual(
      new Set([a.user.id, b.user.id]),
    );
    expect(await presence.lastSeen(b.user.id)).toBeNull();

    // A second tab with the room open keeps the member there when the first closes.
    const tab = await clients.connect(b.user, b.cookie, port);
    await tab.join(room);
    b.socket.disconnect();
    await a.drain();
    expect(await presence.isOnline(b.user.id)).toBe(true);
    expect(a.seen.of('presence:changed').filter((p) => !(p as { online: boolean }).online)).toEqual([]);

    tab.socket.disconnect();
    const gone = await a.seen.next('presence:changed', (p: { online: boolean }) => !p.online);
    expect(gone).toEqual({ room, userId: b.user.id, online: false, lastSeenAt: h.clock.now.toISOString() });
    expect(await presence.status(b.user.id)).toEqual({ online: false, lastSeenAt: h.clock.now });
    expect(await emitWithAck(a.socket, roomLeave, { room })).toEqual({ ok: true, data: { room } });
    expect(await presence.onlineIn(room)).toEqual([]);
  });
});
