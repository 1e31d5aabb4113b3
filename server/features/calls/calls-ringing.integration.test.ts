import type { AddressInfo } from 'node:net';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitWithAck } from '#client/lib/socket';
import { callAnswer, callDecline, callJoin, callLeave } from '#shared/calls/calls.schemas';
import { roomJoin } from '#shared/realtime/client-events';
import { APP_URL, buildUser, createHarness, login, type Harness } from '#server/test/harness';
import { connected, openTestSocket, record } from '#server/test/sockets';
import type { CallEndedEvent } from './calls.service';

const sockets: Socket[] = [];
afterAll(() => sockets.forEach((s) => s.disconnect()));
const pairs = new Map<string, { memberIds: [string, string]; opensAt?: Date }>();
const ended: CallEndedEvent[] = [];
const EVENTS = ['call:ring', 'call:ring-ended', 'call:ended'];
type Ended = { room: string; reason: string; by: string };
let n = 0;

/** Decision 051: a call rings the callee's every tab, and ends answered, declined, missed or busy. */
describe('ringing calls', () => {
  let h: Harness;
  let port: number;

  async function member() {
    const user = await buildUser(h);
    return { user, cookie: await login(h, user.username) };
  }
  type Member = Awaited<ReturnType<typeof member>>;

  async function tab(m: Member) {
    const socket = openTestSocket(port, { cookie: m.cookie, origin: APP_URL });
    sockets.push(socket);
    const seen = record(socket, EVENTS);
    await connected(socket);
    return { socket, seen };
  }
  type Tab = Awaited<ReturnType<typeof tab>>;

  async function enter(t: Tab, room: string, who: string) {
    expect(await emitWithAck(t.socket, roomJoin, { room: `call:${room}` })).toMatchObject({ ok: true });
    expect(await emitWithAck(t.socket, callJoin, { room, session: `s-${who.slice(0, 8)}` })).toMatchObject({
      ok: true,
    });
  }

  /** A caller with one tab, a callee with two, and the call the caller made and entered. */
  async function ringing(opensAt?: Date) {
    const [a, b] = [await member(), await member()];
    const id = `ring-${++n}`;
    pairs.set(id, { memberIds: [a.user.id, b.user.id], opensAt });
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/calls',
      headers: { cookie: a.cookie },
      payload: { source: { kind: 'test', id } },
    });
    const room = res.json<{ room: string }>().room;
    const [caller, tab1, tab2] = [await tab(a), await tab(b), await tab(b)];
    await enter(caller, room, a.user.id);
    for (const t of [tab1, tab2]) {
      expect(await t.seen.next('call:ring', (p: { room: string }) => p.room === room)).toMatchObject({
        room,
        caller: { id: a.user.id, fullName: a.user.fullName },
      });
    }
    return { a, b, room, caller, tab1, tab2 };
  }

  const notices = async (m: Member) =>
    (await h.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: m.cookie } }))
      .json()
      .notifications.map((x: { title: string }) => x.title);
  const endOf = (t: Tab, room: string) =>
    t.seen.next('call:ring-ended', (p: Ended) => p.room === room) as Promise<Ended>;

  beforeAll(async () => {
    h = await createHarness({
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

  it("rings every tab of the callee; Accept on one stops the others and the callee's entry starts the call", async () => {
    const { b, room, caller, tab1, tab2 } = await ringing();
    expect(caller.seen.of('call:ring')).toEqual([]);
    expect(await emitWithAck(tab1.socket, callAnswer, { room })).toMatchObject({ ok: true });
    for (const t of [tab2, caller]) expect(await endOf(t, room)).toEqual({ room, reason: 'answered', by: b.user.id });
    await enter(tab1, room, b.user.id);
    h.clock.advance(60_000);
    await h.jobs.runDue();
    expect(tab2.seen.of('call:ring-ended')).toHaveLength(1);
    expect(ended.find((e) => e.callId === room)).toBeUndefined();
    h.clock.reset();
  });

  it('Decline tells the caller and ends the chat call as missed', async () => {
    const { b, room, caller, tab2 } = await ringing();
    expect(await emitWithAck(tab2.socket, callDecline, { room })).toMatchObject({ ok: true });
    expect(await endOf(caller, room)).toEqual({ room, reason: 'declined', by: b.user.id });
    await caller.seen.next('call:ended', (p: { room: string }) => p.room === room);
    expect(ended.find((e) => e.callId === room)).toMatchObject({ durationSeconds: null });
  });

  it('no answer in 45 s is a missed call: the ring stops, the call ends, the callee is told', async () => {
    const { b, room, caller, tab1, tab2 } = await ringing();
    h.clock.advance(44_000);
    await h.jobs.runDue();
    expect(tab1.seen.of('call:ring-ended')).toEqual([]);
    h.clock.advance(2_000);
    await h.jobs.runDue();
    for (const t of [caller, tab1, tab2]) expect((await endOf(t, room)).reason).toBe('missed');
    expect(ended.find((e) => e.callId === room)).toMatchObject({ durationSeconds: null });
    expect(await notices(b)).toEqual(['Missed video call']);
    h.clock.reset();
  });

  it('a booked call stays open after a missed ring, for the other to come later', async () => {
    const { b, room, tab1 } = await ringing(new Date(h.clock.now.getTime() + 5 * 60_000));
    h.clock.advance(46_000);
    await h.jobs.runDue();
    expect((await endOf(tab1, room)).reason).toBe('missed');
    expect(await notices(b)).toEqual(['Missed video call']);
    const call = await h.app.inject({ method: 'GET', url: `/api/calls/${room}`, headers: { cookie: b.cookie } });
    expect(call.json().endedAt).toBeNull();
    h.clock.reset();
  });

  it('the caller hanging up stops the ring on every tab', async () => {
    const { a, room, caller, tab1, tab2 } = await ringing();
    expect(await emitWithAck(caller.socket, callLeave, { room, hangUp: true })).toMatchObject({ ok: true });
    for (const t of [tab1, tab2]) expect(await endOf(t, room)).toEqual({ room, reason: 'cancelled', by: a.user.id });
  });

  it('a callee in another call is busy: the caller is told and nothing rings', async () => {
    const first = await ringing();
    await enter(first.tab1, first.room, first.b.user.id);
    const c = await member();
    const id = `ring-${++n}`;
    pairs.set(id, { memberIds: [c.user.id, first.b.user.id] });
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/calls',
      headers: { cookie: c.cookie },
      payload: { source: { kind: 'test', id } },
    });
    const room = res.json<{ room: string }>().room;
    const caller = await tab(c);
    await enter(caller, room, c.user.id);
    expect(await endOf(caller, room)).toEqual({ room, reason: 'busy', by: first.b.user.id });
    await caller.seen.next('call:ended', (p: { room: string }) => p.room === room);
    expect(first.tab2.seen.of('call:ring').filter((p) => (p as { room: string }).room === room)).toEqual([]);
  });

  it('refuses Decline from someone not in the call', async () => {
    const { room } = await ringing();
    const stranger = await tab(await member());
    expect(await emitWithAck(stranger.socket, callDecline, { room })).toMatchObject({ ok: false, code: 'FORBIDDEN' });
  });
});
