import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitWithAck } from '#client/lib/socket';
import { callDecline, callJoin } from '#shared/calls/calls.schemas';
import { roomJoin, roomLeave } from '#shared/realtime/client-events';
import { APP_URL, buildUser, createHarness, login, onPostgres, testRedisUrl, type Harness } from '../test/harness';
import { connected, openTestSocket, record } from '../test/sockets';
import { startPeerApp } from './testing/peer';
import { eventually } from './testing/eventually';
import { realtimeClients, type RealtimeClient } from './testing/realtime-clients';
import { registerTestRealtime, testRoom, testSay, testTyping } from './testing/test-realtime';

const sockets: Socket[] = [];
afterAll(() => sockets.forEach((s) => s.disconnect()));

/**
 * Process A is this test's app; process B is peer-app.ts with the same test room kind and
 * events, on the same PostgreSQL database and Redis.
 */
describe.skipIf(!onPostgres || !testRedisUrl)('client events, rooms and presence across app processes', () => {
  let h: Harness;
  let peer: Awaited<ReturnType<typeof startPeerApp>>;
  let portA: number;
  let clients: ReturnType<typeof realtimeClients>;
  const said = (c: RealtimeClient) => c.seen.of('test:said').map((p) => (p as { text: string }).text);

  beforeAll(async () => {
    h = await createHarness({
      redisUrl: testRedisUrl,
      routes: (_app, services) => registerTestRealtime(services.realtime),
    });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    portA = (h.app.server.address() as AddressInfo).port;
    peer = await startPeerApp(h, testRedisUrl!, ['--test-realtime']);
    clients = realtimeClients(h, sockets);
  });
  afterAll(async () => {
    await peer.stop();
    await h.close();
  });

  it('sees on A a member online on B, and their last-seen time after they leave', async () => {
    const { presence } = h.services.realtime;
    const before = new Date();
    const b = await clients.member(peer.port);
    expect(await presence.isOnline(b.user.id)).toBe(true);
    expect(await presence.onlineAmong([b.user.id])).toEqual(new Set([b.user.id]));
    b.socket.disconnect();
    await eventually(async () => (await presence.lastSeen(b.user.id)) !== null);
    expect(await presence.isOnline(b.user.id)).toBe(false);
    expect((await presence.lastSeen(b.user.id))!.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1_000);
  });

  it('shares a room across processes: members on both hear each other, presence and typing included', async () => {
    const [a, b] = [await clients.member(portA), await clients.member(peer.port)];
    const room = testRoom(a.user.id, b.user.id);
    await a.join(room);
    expect(await b.join(room)).toEqual({
      ok: true,
      data: { room, online: expect.arrayContaining([a.user.id, b.user.id]) },
    });
    expect(await a.seen.next('presence:changed')).toMatchObject({ userId: b.user.id, online: true });
    await emitWithAck(b.socket, testTyping, { room });
    expect(await a.seen.next('test:typing')).toEqual({ room, userId: b.user.id });
    await emitWithAck(a.socket, testSay, { room, text: 'hello from A' });
    await b.seen.next('test:said');
  });

  it('answers presence from this process when another does not answer, rather than failing the request', async () => {
    const { presence } = h.services.realtime;
    const [a, b] = [await clients.member(portA), await clients.member(peer.port)];
    peer.pause();
    try {
      // B's socket is on the frozen process: after the adapter's wait, A answers what it knows.
      expect(await presence.isOnline(a.user.id)).toBe(true);
      expect(await presence.onlineAmong([a.user.id, b.user.id])).toEqual(new Set([a.user.id]));
    } finally {
      peer.resume();
    }
    await eventually(() => presence.isOnline(b.user.id));
  });

  it('answers whether someone else has a room open, from this process or from the other', async () => {
    const { presence } = h.services.realtime;
    const [a, b] = [await clients.member(portA), await clients.member(peer.port)];
    const room = testRoom(a.user.id, b.user.id);
    await a.join(room);
    expect(await presence.othersIn(room, a.user.id)).toBe(false);
    expect(await presence.othersIn(room, b.user.id)).toBe(true);
    // What A read of the room (nobody on B) goes as B's join is published.
    await b.join(room);
    await eventually(() => presence.othersIn(room, a.user.id));
  });

  it('forgets who left a room or went away, and counts nobody for a process that stopped without saying so', async () => {
    const { presence } = h.services.realtime;
    const [a, b] = [await clients.member(portA), await clients.member(peer.port)];
    const room = testRoom(a.user.id, b.user.id);
    await a.join(room);
    await b.join(room);
    expect(await presence.othersIn(room, a.user.id)).toBe(true);
    await emitWithAck(b.socket, roomLeave, { room });
    await eventually(async () => !(await presence.othersIn(room, a.user.id)));
    await b.join(room);
    await eventually(() => presence.othersIn(room, a.user.id));
    b.socket.disconnect();
    await eventually(async () => !(await presence.othersIn(room, a.user.id)));

    // A process that died holding a socket in the room: its entry stays, but its alive key is gone.
    const redis = new Redis(testRedisUrl!);
    const [key, entry] = [`realtime:room:${room}`, `gone-process ${b.user.id}`];
    try {
      await redis.multi().hincrby(key, entry, 1).publish('realtime:room-changes', room).exec();
      await eventually(
        async () => !(await presence.othersIn(room, a.user.id)) && !(await redis.hkeys(key)).includes(entry),
      );
      expect(await presence.onlineIn(room)).toEqual([a.user.id]);
    } finally {
      redis.disconnect();
    }
  });

  it('ignores a message on its channels that is not JSON (a process still on MessagePack in a rolling deploy)', async () => {
    const [a, b] = [await clients.member(portA), await clients.member(peer.port)];
    const room = testRoom(a.user.id, b.user.id);
    await a.join(room);
    await b.join(room);
    const redis = new Redis(testRedisUrl!);
    try {
      await redis.publish('socket.io-json#/#', Buffer.from([0x93, 0xa1, 0x78, 0xc0]));
      await redis.publish(`socket.io-json#/#${room}#`, 'not json');
    } finally {
      redis.disconnect();
    }
    await emitWithAck(a.socket, testSay, { room, text: 'still talking' });
    expect(await b.seen.next('test:said')).toMatchObject({ text: 'still talking' });
  });

  it('keeps out a member not allowed, on whichever process they connect', async () => {
    const [a, b, outsider] = [
      await clients.member(portA),
      await clients.member(peer.port),
      await clients.member(peer.port),
    ];
    const room = testRoom(a.user.id, b.user.id);
    await a.join(room);
    await b.join(room);
    expect(await outsider.join(room)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(await emitWithAck(outsider.socket, testSay, { room, text: 'x' })).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
    });
    await emitWithAck(a.socket, testSay, { room, text: 'members only' });
    await b.seen.next('test:said');
    await outsider.drain();
    expect(outsider.seen.of('test:said')).toEqual([]);
  });

  it('stops events sent from B reaching members whose access was revoked on A', async () => {
    // Revoked: one member on each process. Kept: one on each, and the sender on B.
    const [revokedA, revokedB, keptA, keptB, sender] = [
      await clients.member(portA),
      await clients.member(peer.port),
      await clients.member(portA),
      await clients.member(peer.port),
      await clients.member(peer.port),
    ];
    const all = [revokedA, revokedB, keptA, keptB, sender];
    const room = testRoom(...all.map((c) => c.user.id));
    for (const c of all) expect(await c.join(room)).toMatchObject({ ok: true });

    await h.services.realtime.rooms.revoke(room, revokedA.user.id);
    await h.services.realtime.rooms.revoke(room, revokedB.user.id);
    expect(await revokedB.seen.next('room:left')).toEqual({ room });

    expect(await emitWithAck(sender.socket, testSay, { room, text: 'after revoke' })).toEqual({ ok: true, data: {} });
    await keptA.seen.next('test:said');
    await keptB.seen.next('test:said');
    await revokedA.drain();
    await revokedB.drain();
    expect(said(revokedA)).toEqual([]);
    expect(said(revokedB)).toEqual([]);
    expect(await emitWithAck(revokedB.socket, testSay, { room, text: 'x' })).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
    });
  });

  it("a suspension made on A takes the member's sockets on B out of the rooms it closes", async () => {
    const [onA, onB] = [await clients.member(portA), await clients.member(peer.port)];
    const admin = await h.services.accounts.present(await buildUser(h, { role: 'admin' }));
    const room = testRoom(onA.user.id, onB.user.id);
    for (const c of [onA, onB]) expect(await c.join(room)).toMatchObject({ ok: true });

    await h.services.admin.members.suspend(admin, onB.user.id, { reason: 'Spam in chat', restrictions: ['chat'] });
    expect(await onB.seen.next('room:left')).toEqual({ room });
    await emitWithAck(onA.socket, testSay, { room, text: 'after the suspension' });
    await onA.seen.next('test:said');
    await onB.drain();
    expect(said(onB)).toEqual([]);
  });

  it("rings the callee's tabs on both processes, and a Decline on B reaches the caller on A", async () => {
    const people = [await buildUser(h), await buildUser(h)];
    const [caller, callee] = await Promise.all(
      people.map(async (user) => ({ user, cookie: await login(h, user.username) })),
    );
    const post = (cookie: string, url: string, payload: object) =>
      h.app.inject({ method: 'POST', url, headers: { cookie }, payload });
    const chat = await post(caller!.cookie, '/api/chat/conversations', { userId: callee!.user.id });
    const created = await post(caller!.cookie, '/api/calls', { conversationId: chat.json<{ id: string }>().id });
    const { room } = created.json<{ room: string }>();
    const tab = async (cookie: string, port: number) => {
      const socket = openTestSocket(port, { cookie, origin: APP_URL });
      sockets.push(socket);
      const seen = record(socket, ['call:ring', 'call:ring-ended', 'call:ended']);
      await connected(socket);
      return { socket, seen };
    };
    const [onA, onB, callerTab] = [
      await tab(callee!.cookie, portA),
      await tab(callee!.cookie, peer.port),
      await tab(caller!.cookie, portA),
    ];
    await emitWithAck(callerTab.socket, roomJoin, { room: `call:${room}` });
    await emitWithAck(callerTab.socket, callJoin, { room, session: 'caller-1' });
    for (const t of [onA, onB]) await t.seen.next('call:ring', (p: { room: string }) => p.room === room);

    expect(await emitWithAck(onB.socket, callDecline, { room })).toMatchObject({ ok: true });
    const declined = { room, reason: 'declined', by: callee!.user.id };
    for (const t of [callerTab, onA]) expect(await t.seen.next('call:ring-ended')).toEqual(declined);
    await callerTab.seen.next('call:ended', (p: { room: string }) => p.room === room);
  });
});
