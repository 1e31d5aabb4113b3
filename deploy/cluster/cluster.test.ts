import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitWithAck } from '#client/lib/socket';
import { callJoin } from '#shared/calls/calls.schemas';
import { chatRoom } from '#shared/chat/chat.realtime';
import { roomJoin } from '#shared/realtime/client-events';
import { buildPlatform } from '#server/app';
import { loadConfig } from '#server/env';
import { actor, makeCourse } from '#server/features/courses/testing/course-fixtures';
import { pngImage } from '#server/features/uploads/testing/images';
import { ADDRESS_LIMITS } from '#server/features/auth/auth-limits';
import { buildUser, PASSWORD, unique, type HarnessCore } from '#server/test/harness';
import { linkIn } from '#server/test/smtp-sink';
import { startCluster, type Cluster } from './cluster';
import { client, failedSignInFrom, memberSocket, signIn } from './members';

const POSTGRES = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379/9';

/**
 * Issue 28, item 7: the cluster of README "Deploy" on loopback (two app nodes and a worker, built
 * JS, behind deploy/nginx.conf, on PostgreSQL, Redis and an S3 fake), used through nginx as
 * members use it. The tests run in order: the last one kills node A.
 */
describe('two app nodes and a worker behind nginx', () => {
  let cluster: Cluster;
  let setup: HarnessCore & { close(): Promise<void> };
  const sockets: Socket[] = [];
  const nodeOf = (upstream: string) =>
    cluster.apps.findIndex((a) => a.url!.endsWith(upstream.split(',').at(-1)!.trim()));

  beforeAll(async () => {
    cluster = await startCluster({ apps: 2, postgresUrl: POSTGRES, redisUrl: REDIS });
    // Test data that members would make through many screens (a published course) is made through
    // the services of a platform of the test's own on the same database, taking no jobs.
    const dataDir = mkdtempSync(join(tmpdir(), 'blet-cluster-setup-'));
    const config = {
      ...loadConfig({ ...cluster.env, DATA_DIR: dataDir, JOBS_WORKER: 'false', LOG_LEVEL: 'silent' }),
      clientDir: undefined,
    };
    const { app, services } = await buildPlatform({ config, logger: false });
    await app.ready();
    setup = {
      app,
      services,
      async close() {
        await app.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }, 180_000);

  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await setup?.close();
    await cluster?.stop();
  });

  /** A verified member made in the database, signed in through nginx. */
  async function member(role: 'general' | 'student' | 'tutor' = 'general') {
    const user = await buildUser(setup, { role });
    const cookie = await signIn(cluster.url, user.username, PASSWORD);
    return { user, cookie, api: client(cluster.url, cookie) };
  }

  it('comes up on an empty database with every process started at once, and says so through nginx', async () => {
    const ready = await client(cluster.url)('GET', '/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.json).toEqual({
      status: 'ready',
      checks: { database: 'up', queue: 'up', redis: 'up', bucket: 'up' },
    });
    // Hashed build files come from nginx's disk with the build's gzip copy, cached for good.
    const index = await client(cluster.url)('GET', '/');
    const asset = /\/assets\/[^"]+\.js/.exec(index.text)![0];
    const res = await fetch(`${cluster.url}${asset}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(cluster.nginx.served().find((s) => s.request.includes(asset))?.upstream).toBe('-');
  });

  it('registers a member whose verification mail the worker sends, and signs them in', async () => {
    const username = unique('reg');
    const email = `${username}@example.com`;
    const api = client(cluster.url);
    const registered = await api('POST', '/api/register', {
      username,
      email,
      password: PASSWORD,
      fullName: 'Ngozi Adeyemi',
      agreeToTerms: true,
      role: 'general',
    });
    expect(registered.status, registered.text).toBe(201);
    const link = linkIn(await cluster.smtp.waitFor(email, 30_000), '/api/verify-email/direct?token=');
    expect(link.startsWith(cluster.url)).toBe(true);
    const verified = await api('GET', link.slice(cluster.url.length));
    expect(verified.headers.get('location')).toBe('/verify-email?success=true');
    const cookie = await signIn(cluster.url, username, PASSWORD);
    expect((await client(cluster.url, cookie)('GET', '/api/user')).json).toMatchObject({
      username,
      emailVerified: true,
    });
  });

  it('sells a course through the test gateway: checkout on one node, enrolled on both', async () => {
    const { user: tutor } = await actor(setup, 'tutor');
    const course = await makeCourse(setup, tutor, { input: { title: 'Bookkeeping in Lagos', priceMinor: 1_500_000 } });
    const buyer = await member('student');
    const checkout = await buyer.api('POST', `/api/course-payments/courses/${course.id}/checkout`);
    expect(checkout.status, checkout.text).toBe(200);
    const paid = await buyer.api('POST', `/api/payments/test-checkout/${checkout.json.sessionId as string}/pay`);
    expect(paid.status, paid.text).toBe(200);
    for (const app of cluster.apps) {
      const detail = await client(app.url!, buyer.cookie)('GET', `/api/courses/${course.id}`);
      expect((detail.json as { viewer: { enrolled: boolean } }).viewer.enrolled).toBe(true);
    }
  });

  it('keeps each member on one node for long-polling, and two members on different nodes chat and call live', async () => {
    // Members until one socket lands on each node (the hash of the session cookie decides).
    const onNode: Array<Awaited<ReturnType<typeof member>> & { live: ReturnType<typeof memberSocket> }> = [];
    for (let i = 0; i < 12 && (!onNode[0] || !onNode[1]); i++) {
      const m = await member();
      const before = cluster.nginx.served().length;
      const live = memberSocket(cluster.url, m.cookie, ['chat:message', 'call:ring']);
      sockets.push(live.socket);
      await live.upgraded;
      const polls = cluster.nginx
        .served()
        .slice(before)
        .filter((s) => s.request.includes('/socket.io/'));
      // The handshake and the polls after it: all answered, all by one node.
      expect(polls.length).toBeGreaterThanOrEqual(2);
      expect(polls.every((p) => p.status === 200)).toBe(true);
      const nodes = new Set(polls.map((p) => nodeOf(p.upstream)));
      expect(nodes.size).toBe(1);
      const node = [...nodes][0]!;
      if (!onNode[node]) onNode[node] = { ...m, live };
    }
    const [a, b] = [onNode[0]!, onNode[1]!];
    expect(a && b).toBeTruthy();

    const started = await a.api('POST', '/api/chat/conversations', { userId: b.user.id });
    expect(started.status, started.text).toBe(201);
    const id = started.json.id as string;
    for (const m of [a, b])
      expect(await emitWithAck(m.live.socket, roomJoin, { room: chatRoom(id) })).toMatchObject({ ok: true });
    const sent = await a.api('POST', `/api/chat/conversations/${id}/messages`, {
      body: 'Ẹ kú àárọ̀ from node A',
      clientId: 'c-1',
    });
    expect(sent.status, sent.text).toBe(201);
    expect(
      await b.live.seen.next('chat:message', (p: { message: { body: string } }) => p.message.body.startsWith('Ẹ kú')),
    ).toBeTruthy();

    const call = await a.api('POST', '/api/calls', { conversationId: id });
    expect([200, 201]).toContain(call.status);
    const room = call.json.room as string;
    expect(await emitWithAck(a.live.socket, roomJoin, { room: `call:${room}` })).toMatchObject({ ok: true });
    expect(await emitWithAck(a.live.socket, callJoin, { room, session: 's-cluster' })).toMatchObject({ ok: true });
    expect(await b.live.seen.next('call:ring', (p: { room: string }) => p.room === room)).toMatchObject({
      caller: { id: a.user.id },
    });
  });

  it('serves from node B a file uploaded through node A', async () => {
    const tutor = await member('tutor');
    const image = await pngImage(640, 360);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'cover.png');
    // Through nginx: whichever node took it, the other one must serve it.
    const before = cluster.nginx.served().length;
    const uploaded = await tutor.api('POST', '/api/uploads?kind=image', form);
    expect(uploaded.status, uploaded.text).toBe(201);
    const took = nodeOf(
      cluster.nginx
        .served()
        .slice(before)
        .find((s) => s.request.includes('/api/uploads'))!.upstream,
    );
    const other = cluster.apps[1 - took]!;
    const res = await fetch(`${other.url!}${uploaded.json.url as string}`, { headers: { cookie: tutor.cookie } });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(image)).toBe(true);
  });

  it('counts the sign-in limit of an address once across both nodes', async () => {
    const { max } = ADDRESS_LIMITS.login;
    const before = cluster.nginx.served().length;
    const statuses: number[] = [];
    // Four at a time, from an address of their own: nginx spreads them over both nodes.
    for (let i = 0; i < max; i += 4)
      statuses.push(...(await Promise.all([0, 1, 2, 3].map((k) => failedSignInFrom(cluster.url, '127.0.0.2', i + k)))));
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    const served = cluster.nginx.served().slice(before);
    expect(new Set(served.map((s) => nodeOf(s.upstream))).size).toBe(2);
    // Each node saw about half: counted per node, neither would be at its limit yet.
    expect(await failedSignInFrom(cluster.url, '127.0.0.2', max + 1)).toBe(429);
    expect(await failedSignInFrom(cluster.url, '127.0.0.2', max + 2)).toBe(429);
    // Another address is not held back by it.
    expect(await failedSignInFrom(cluster.url, '127.0.0.3', 0)).toBe(401);
  }, 120_000);

  it('keeps serving through node B when node A is killed mid-stream, and loses no acknowledged write', async () => {
    // Two conversations, one writer in each (a member may send 60 messages a minute).
    const pairs = await Promise.all([0, 1].map(async () => [await member(), await member()] as const));
    const ids = await Promise.all(
      pairs.map(
        async ([a, b]) => (await a.api('POST', '/api/chat/conversations', { userId: b.user.id })).json.id as string,
      ),
    );
    const acknowledged: string[] = [];
    const reads: number[] = [];
    const failedWrites: number[] = [];
    const writer = async (w: number) => {
      for (let i = 0; i < 40; i++) {
        const clientId = `w${w}-${i}`;
        const res = await pairs[w]![0].api('POST', `/api/chat/conversations/${ids[w]!}/messages`, {
          body: clientId,
          clientId,
        });
        if (res.status === 201) acknowledged.push((res.json as { id: string }).id);
        else failedWrites.push(res.status);
      }
    };
    const reader = async (w: number) => {
      for (let i = 0; i < 40; i++) reads.push((await pairs[w]![1].api('GET', '/api/courses')).status);
    };
    const killer = async () => {
      while (acknowledged.length < 15) await new Promise((r) => setTimeout(r, 5));
      cluster.apps[0]!.child.kill('SIGKILL');
    };
    await Promise.all([writer(0), writer(1), reader(0), reader(1), killer()]);

    // Reads are retried on node B by nginx; a write in flight on A when it died may answer 502
    // (nginx never sends a POST twice), and the member's retry with the same clientId sends it once.
    expect(reads.filter((s) => s !== 200)).toEqual([]);
    expect(failedWrites.filter((s) => s !== 502)).toEqual([]);
    expect(acknowledged.length + failedWrites.length).toBe(80);
    const stored = new Set<string>();
    for (const [w, id] of ids.entries()) {
      const page = await client(cluster.apps[1]!.url!, pairs[w]![0].cookie)(
        'GET',
        `/api/chat/conversations/${id}/messages?limit=100`,
      );
      for (const m of (page.json as { messages: Array<{ id: string }> }).messages) stored.add(m.id);
    }
    expect(acknowledged.filter((m) => !stored.has(m))).toEqual([]);
    // And node B takes everything from here on.
    expect((await pairs[0]![0].api('GET', '/api/user')).status).toBe(200);
  }, 120_000);
});
