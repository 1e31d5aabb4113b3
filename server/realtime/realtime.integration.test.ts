import type { AddressInfo } from 'node:net';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRealtimePayload } from '#shared/realtime/events';
import { APP_URL, buildUser, createHarness, login, onPostgres, testRedisUrl, type Harness } from '../test/harness';
import { connected, openTestSocket } from '../test/sockets';
import { afterCommit, transaction } from '../db/transaction';
import { startPeerApp } from './testing/peer';
import { eventually } from './testing/eventually';
import { SOCKETS_PER_SESSION } from './realtime-server';

type Note = TRealtimePayload<'notification:new'>;

interface Client {
  socket: Socket;
  notes: Note[];
  /** Resolves with the first notification with this title, or fails after `ms`. */
  next(title: string, ms?: number): Promise<Note>;
}

const sockets: Socket[] = [];
afterAll(() => sockets.forEach((s) => s.disconnect()));

function open(port: number, headers: Record<string, string>): Socket {
  const socket = openTestSocket(port, headers);
  sockets.push(socket);
  return socket;
}

/** A connected client, or the connect_error that refused it. */
async function connect(port: number, headers: Record<string, string>): Promise<Client> {
  const socket = open(port, headers);
  const notes: Note[] = [];
  socket.on('notification:new', (n: Note) => notes.push(n));
  await connected(socket);
  return {
    socket,
    notes,
    async next(title, ms = 5_000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = notes.find((n) => n.title === title);
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(`no "${title}" within ${ms} ms; got ${notes.map((n) => n.title).join(', ')}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
}

async function refusal(port: number, headers: Record<string, string>): Promise<Error> {
  const socket = open(port, headers);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected, but should have been refused')));
    socket.once('connect_error', resolve);
  });
}

const note = (title: string) => ({ type: 'chat_message' as const, title, message: `${title}!` });
const settle = () => new Promise((r) => setTimeout(r, 150));

describe('realtime on one app', () => {
  let h: Harness;
  let port: number;
  const member = async () => {
    const user = await buildUser(h);
    const cookie = await login(h, user.username);
    return { user, cookie, client: await connect(port, { cookie, origin: APP_URL }) };
  };

  beforeAll(async () => {
    h = await createHarness();
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    port = (h.app.server.address() as AddressInfo).port;
  });
  afterAll(() => h.close());

  it('refuses a handshake without a session, with a stale one, and from a foreign origin', async () => {
    expect((await refusal(port, { origin: APP_URL })).message).toMatch(/log in/);
    expect((await refusal(port, { origin: APP_URL, cookie: 'sid=not-a-session' })).message).toMatch(/log in/);
    const user = await buildUser(h);
    const cookie = await login(h, user.username);
    await expect(refusal(port, { cookie, origin: 'https://evil.example' })).resolves.toBeInstanceOf(Error);
    // The same cookie from the app's own origin, and from the server's own host, is welcome.
    await expect(connect(port, { cookie, origin: APP_URL })).resolves.toBeTruthy();
    await expect(connect(port, { cookie, origin: `http://127.0.0.1:${port}` })).resolves.toBeTruthy();
  });

  it(`holds at most ${SOCKETS_PER_SESSION} sockets open on one sign-in, and takes another once one closes`, async () => {
    const user = await buildUser(h);
    const cookie = await login(h, user.username);
    const headers = { cookie, origin: APP_URL };
    const tabs = await Promise.all(Array.from({ length: SOCKETS_PER_SESSION }, () => connect(port, headers)));
    const refused = await Promise.all([refusal(port, headers), refusal(port, headers)]);
    for (const err of refused) {
      expect(err.message).toBe('Too many tabs are open with this sign-in. Close some, then reload this page.');
      expect((err as Error & { data?: { code: string } }).data?.code).toBe('RATE_LIMITED');
    }
    // Another sign-in of the same member is counted on its own.
    await expect(connect(port, { cookie: await login(h, user.username), origin: APP_URL })).resolves.toBeTruthy();

    tabs[0]!.socket.disconnect();
    // The server hears of the closed tab a moment later; then a new one is welcome.
    await eventually(() =>
      connect(port, headers).then(
        () => true,
        () => false,
      ),
    );
  });

  it("delivers a user's notifications to that user only, whatever rooms a client asks for", async () => {
    const a = await member();
    const b = await member();
    // Clients have no way in to other rooms: the server ignores anything they send.
    a.client.socket.emit('join', `user:${b.user.id}`);
    await settle();
    const forB = await h.services.notifications.notify(b.user.id, note('for b'));
    await h.services.notifications.notify(a.user.id, note('for a'));
    expect(await b.client.next('for b')).toEqual({ ...forB, resourceId: forB.id });
    await a.client.next('for a');
    await settle();
    expect(a.client.notes.map((n) => n.title)).toEqual(['for a']);
    expect(b.client.notes.map((n) => n.title)).toEqual(['for b']);
  });

  it("tells a user's other tabs to refetch when notifications are read", async () => {
    const a = await member();
    const updates: unknown[] = [];
    a.client.socket.on('data:updated', (p: unknown) => updates.push(p));
    const n = await h.services.notifications.notify(a.user.id, note('to read'));
    await h.app.inject({ method: 'POST', url: `/api/notifications/${n.id}/read`, headers: { cookie: a.cookie } });
    await h.app.inject({ method: 'POST', url: '/api/notifications/mark-all-read', headers: { cookie: a.cookie } });
    await settle();
    // Mark-all found nothing left to change: one event, for the single read.
    expect(updates).toEqual([{ queryKeys: [['/api/notifications'], ['/api/notifications/unread-count']] }]);
  });

  it('emits after the commit, and never for a rolled-back transaction', async () => {
    const a = await member();
    const { notifications } = h.services;
    const db = h.app.database.db;
    await transaction(db, async (tx) => {
      await notifications.notify(a.user.id, note('committed'), tx);
      await settle();
      expect(a.client.notes).toEqual([]); // written, not yet committed: not announced
    });
    await a.client.next('committed');

    await expect(
      transaction(db, async (tx) => {
        await notifications.notify(a.user.id, note('rolled back'), tx);
        throw new Error('the payment failed');
      }),
    ).rejects.toThrow('the payment failed');
    await notifications.notify(a.user.id, note('after'));
    await a.client.next('after');
    await settle();
    expect(a.client.notes.map((n) => n.title)).toEqual(['committed', 'after']);
  });

  it('keeps the callbacks of a committed savepoint and drops those of a rolled-back one', async () => {
    const ran: string[] = [];
    await transaction(h.app.database.db, async (tx) => {
      afterCommit(tx, () => ran.push('outer'));
      await transaction(tx, async (inner) => afterCommit(inner, () => ran.push('kept savepoint')));
      await transaction(tx, async (inner) => {
        afterCommit(inner, () => ran.push('dropped savepoint'));
        throw new Error('undo');
      }).catch(() => undefined);
      expect(ran).toEqual([]);
    });
    expect(ran).toEqual(['outer', 'kept savepoint']);
  });
});

/** Two app processes on one PostgreSQL and one Redis: the second runs as a child process. */
describe.skipIf(!onPostgres || !testRedisUrl)('realtime across app processes', () => {
  let h: Harness;
  let peer: Awaited<ReturnType<typeof startPeerApp>>;
  let peerPort: number;

  beforeAll(async () => {
    h = await createHarness({ redisUrl: testRedisUrl });
    peer = await startPeerApp(h, testRedisUrl!);
    peerPort = peer.port;
  });
  afterAll(async () => {
    await peer.stop();
    await h.close();
  });

  it('delivers a notification created through one process to a socket on the other', async () => {
    const user = await buildUser(h);
    const cookie = await login(h, user.username);
    const client = await connect(peerPort, { cookie, origin: APP_URL });
    const created = await h.services.notifications.notify(user.id, note('across processes'));
    expect(await client.next('across processes')).toEqual({ ...created, resourceId: created.id });
  });
});
