import type { AddressInfo } from 'node:net';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitWithAck } from '#client/lib/socket';
import { callJoin, callLeave, callSignal } from '#shared/calls/calls.schemas';
import { roomJoin } from '#shared/realtime/client-events';
import { APP_URL, buildUser, createHarness, login, type Harness } from '#server/test/harness';
import { connected, openTestSocket, record } from '#server/test/sockets';
import type { CallEndedEvent } from './calls.service';

const SECRET = 'a-test-turn-secret-1234';
const HOUR = 3_600_000;
const sockets: Socket[] = [];
afterAll(() => sockets.forEach((s) => s.disconnect()));

/** A call source that exists only here: `pairs` says who each source id's call is between. */
const pairs = new Map<string, { memberIds: [string, string]; opensAt?: Date }>();
const ended: CallEndedEvent[] = [];
let n = 0;

describe('calls', () => {
  let h: Harness;
  let port: number;

  async function member() {
    const user = await buildUser(h);
    const cookie = await login(h, user.username);
    return { user, cookie };
  }
  type Member = Awaited<ReturnType<typeof member>>;

  async function pair(opensAt?: Date) {
    const [a, b, outsider] = [await member(), await member(), await member()];
    const id = `pair-${++n}`;
    pairs.set(id, { memberIds: [a.user.id, b.user.id], opensAt });
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/calls',
      headers: { cookie: a.cookie },
      payload: { source: { kind: 'test', id } },
    });
    expect(res.statusCode).toBe(201);
    return { a, b, outsider, id, room: res.json<{ room: string }>().room };
  }

  async function socketOf(m: Member) {
    const socket = openTestSocket(port, { cookie: m.cookie, origin: APP_URL });
    sockets.push(socket);
    const seen = record(socket, ['call:signal', 'call:peer', 'call:ended', 'room:left']);
    await connected(socket);
    return { socket, seen };
  }

  async function enter(m: Member, room: string) {
    const client = await socketOf(m);
    expect(await emitWithAck(client.socket, roomJoin, { room: `call:${room}` })).toMatchObject({ ok: true });
    expect(await emitWithAck(client.socket, callJoin, { room, session: `s-${m.user.id.slice(0, 8)}` })).toMatchObject({
      ok: true,
    });
    return client;
  }

  const get = (m: Member, room: string) =>
    h.app.inject({ method: 'GET', url: `/api/calls/${room}`, headers: { cookie: m.cookie } });
  const attendance = (room: string) => h.services.calls.attendance(room);

  beforeAll(async () => {
    h = await createHarness({
      env: { TURN_URLS: 'turn:127.0.0.1:3478?transport=udp', TURN_SECRET: SECRET, STUN_URLS: 'stun:127.0.0.1:3478' },
      routes: (_app, services) => {
        services.calls.registerSource('test', async (id, viewerId) => {
          const found = pairs.get(id);
          return found?.memberIds.includes(viewerId)
            ? { memberIds: found.memberIds, opensAt: found.opensAt ?? null }
            : null;
        });
        services.calls.onEnded(async (event) => void ended.push(event));
      },
    });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    port = (h.app.server.address() as AddressInfo).port;
  });
  afterAll(() => h.close());

  it('gives both members of a source the same open call, and shows it to them only', async () => {
    const { a, b, outsider, id, room } = await pair();
    const again = await h.app.inject({
      method: 'POST',
      url: '/api/calls',
      headers: { cookie: b.cookie },
      payload: { source: { kind: 'test', id } },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ room });

    const seen = await get(b, room);
    expect(seen.statusCode).toBe(200);
    const call = seen.json();
    expect(call.participants.map((p: { id: string; role: string }) => [p.id, p.role])).toEqual([
      [a.user.id, 'caller'],
      [b.user.id, 'callee'],
    ]);
    const turn = call.iceServers.find((s: { urls: string[] }) => s.urls[0]!.startsWith('turn:'));
    const [expiry, userId] = turn.username.split(':');
    expect(userId).toBe(b.user.id);
    expect(Number(expiry) * 1000 - h.clock.now.getTime()).toBeGreaterThan(HOUR);

    expect((await get(outsider, room)).statusCode).toBe(404);
    expect((await get(outsider, 'not-a-room')).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'GET', url: `/api/calls/${room}` })).statusCode).toBe(401);
    const refused = await h.app.inject({
      method: 'POST',
      url: '/api/calls',
      headers: { cookie: outsider.cookie },
      payload: { source: { kind: 'test', id } },
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toBeTruthy();
  });

  it('refuses a conversation nobody registered, an unknown source and a body of both kinds', async () => {
    const { cookie } = await member();
    const post = (payload: object) => h.app.inject({ method: 'POST', url: '/api/calls', headers: { cookie }, payload });
    expect((await post({ conversationId: 'c1' })).statusCode).toBe(404);
    expect((await post({ source: { kind: 'nothing', id: '1' } })).statusCode).toBe(404);
    expect((await post({ conversationId: 'c1', source: { kind: 'test', id: '1' } })).statusCode).toBe(400);
  });

  it('opens a booked call 10 minutes before its start, on the page and on the socket', async () => {
    const { a, room } = await pair(new Date(h.clock.now.getTime() + HOUR));
    const early = await get(a, room);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe('This call opens 10 minutes before the session starts.');
    const client = await socketOf(a);
    expect(await emitWithAck(client.socket, roomJoin, { room: `call:${room}` })).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
    });

    h.clock.advance(HOUR - 9 * 60_000);
    expect((await get(a, room)).statusCode).toBe(200);
    expect(await emitWithAck(client.socket, roomJoin, { room: `call:${room}` })).toMatchObject({ ok: true });
    h.clock.reset();
  });

  it('admits only the two members and relays signalling inside the room only', async () => {
    const { a, b, outsider, room } = await pair();
    const other = await pair();
    const stranger = await socketOf(outsider);
    expect(await emitWithAck(stranger.socket, roomJoin, { room: `call:${room}` })).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
    });
    const refusedSignal = await emitWithAck(stranger.socket, callSignal, {
      room,
      session: 'stranger-1',
      candidates: [],
    });
    expect(refusedSignal).toMatchObject({ ok: false, code: 'FORBIDDEN' });

    const ca = await enter(a, room);
    const cb = await enter(b, room);
    const elsewhere = await enter(other.a, other.room);
    await ca.seen.next('call:peer', (p: { userId: string; present: boolean }) => p.userId === b.user.id && p.present);

    const offer = { type: 'offer' as const, sdp: 'v=0 fake' };
    expect(await emitWithAck(ca.socket, callSignal, { room, session: 'session-a', description: offer })).toMatchObject({
      ok: true,
    });
    const got = await cb.seen.next('call:signal');
    expect(got).toMatchObject({ room, from: a.user.id, session: 'session-a', description: offer });
    expect(
      await emitWithAck(cb.socket, callSignal, {
        room,
        session: 'session-b',
        candidates: [{ candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host', sdpMid: '0', sdpMLineIndex: 0 }],
      }),
    ).toMatchObject({ ok: true });
    await ca.seen.next('call:signal', (p: { from: string }) => p.from === b.user.id);
    // The sender hears nothing of its own, and nobody outside the room hears anything.
    expect(ca.seen.of('call:signal').every((p) => (p as { from: string }).from === b.user.id)).toBe(true);
    expect(stranger.seen.of('call:signal')).toEqual([]);
    expect(elsewhere.seen.of('call:signal')).toEqual([]);
  });

  it('records each join and leave, and a hang-up ends the call for both', async () => {
    const { a, b, room } = await pair();
    const ca = await enter(a, room);
    const cb = await enter(b, room);
    cb.socket.disconnect();
    await ca.seen.next('call:peer', (p: { userId: string; present: boolean }) => p.userId === b.user.id && !p.present);
    const back = await enter(b, room);
    h.clock.advance(12 * 60_000);
    expect(await emitWithAck(ca.socket, callLeave, { room, hangUp: true })).toMatchObject({ ok: true });
    await back.seen.next('call:ended', (p: { room: string }) => p.room === room);
    await back.seen.next('room:left');

    const rows = await attendance(room);
    expect(rows.map((r) => r.userId)).toEqual([a.user.id, b.user.id, b.user.id]);
    expect(rows.every((r) => r.leftAt !== null)).toBe(true);
    expect(ended.find((e) => e.callId === room)).toMatchObject({
      durationSeconds: 12 * 60,
      memberIds: [a.user.id, b.user.id],
    });
    // Over: the room no longer lets anyone in, and the source's next call is a new room.
    expect(await emitWithAck(back.socket, roomJoin, { room: `call:${room}` })).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
    });
    expect((await get(a, room)).json().endedAt).not.toBeNull();
    h.clock.reset();
  });

  it('tells the callee of a missed call once the caller waited, and not when they came', async () => {
    const missed = await pair();
    await enter(missed.a, missed.room);
    const answered = await pair();
    await enter(answered.a, answered.room);
    await enter(answered.b, answered.room);
    h.clock.advance(3 * 60_000);
    await h.jobs.runDue();
    const titles = async (m: Member) =>
      (await h.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: m.cookie } }))
        .json()
        .notifications.map((x: { title: string; link: string }) => [x.title, x.link]);
    expect(await titles(missed.b)).toEqual([['Missed video call', `/video-call?room=${missed.room}`]]);
    expect(await titles(answered.b)).toEqual([]);
    h.clock.reset();
  });

  it('ends a call everyone left without hanging up once nobody came back', async () => {
    const { a, room } = await pair();
    const ca = await enter(a, room);
    expect(await emitWithAck(ca.socket, callLeave, { room, hangUp: false })).toMatchObject({ ok: true });
    h.clock.advance(3 * 60_000);
    await h.jobs.runDue();
    expect((await get(a, room)).json().endedAt).not.toBeNull();
    expect(ended.find((e) => e.callId === room)).toMatchObject({ durationSeconds: null });
    h.clock.reset();
  });
});
