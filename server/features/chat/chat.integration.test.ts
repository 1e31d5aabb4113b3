import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitWithAck } from '#client/lib/socket';
import { chatTyping } from '#shared/chat/chat.realtime';
import { adminLogin, APP_URL, buildUser, createHarness, onPostgres, type Harness } from '#server/test/harness';
import { connected, disconnected, openTestSocket, record } from '#server/test/sockets';
import { databaseDigest } from '#server/realtime/testing/realtime-clients';
import { pngImage } from '../uploads/testing/images';
import { multipart } from '../uploads/testing/upload-requests';
import { chatMember, inRoom, type ChatMember } from './testing/chat-clients';

const sockets: Socket[] = [];
let h: Harness;
let port: number;
beforeAll(async () => {
  h = await createHarness();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  port = (h.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await h.close();
});

async function pair(): Promise<[ChatMember, ChatMember, string]> {
  const [a, b] = [await chatMember(h), await chatMember(h)];
  const res = await a.start(b.user.id);
  expect(res.statusCode).toBe(201);
  return [a, b, res.json().id];
}

describe('conversations', () => {
  it('is one per pair whoever starts it: 201 new, 200 existing', async () => {
    const [a, b, id] = await pair();
    expect((await a.start(b.user.id)).statusCode).toBe(200);
    const back = await b.start(a.user.id, { kind: 'profile', id: a.user.username });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ id, other: { id: a.user.id, username: a.user.username } });
    // Many starts at once still make one conversation (the unique index decides).
    const [c, d] = [await chatMember(h), await chatMember(h)];
    const all = await Promise.all([...Array(6)].map((_, i) => (i % 2 ? c.start(d.user.id) : d.start(c.user.id))));
    expect(new Set(all.map((r) => r.json().id)).size).toBe(1);
    expect(all.filter((r) => r.statusCode === 201)).toHaveLength(1);
  });

  it('refuses yourself, nobody, and an unknown context kind', async () => {
    const a = await chatMember(h);
    expect((await a.start(a.user.id)).statusCode).toBe(404);
    expect((await a.start('00000000-0000-0000-0000-000000000000')).statusCode).toBe(404);
    const b = await chatMember(h);
    expect((await a.start(b.user.id, { kind: 'spaceship', id: 'x' })).statusCode).toBe(400);
  });

  it('lists with the other member, the last message and the unread count', async () => {
    const [a, b, id] = await pair();
    await a.send(id, { body: 'one' });
    await a.send(id, { body: 'two' });
    const [mine] = await b.list();
    expect(mine).toMatchObject({
      id,
      other: { id: a.user.id, fullName: a.user.fullName },
      lastMessage: { body: 'two', senderId: a.user.id },
      unreadCount: 2,
    });
    expect(await b.unread()).toBe(2);
    expect(await a.unread()).toBe(0);
  });
});

describe('authorization', () => {
  it('gives an outsider 404 on all of a conversation', async () => {
    const [a, , id] = await pair();
    const sent = (await a.send(id, { body: 'private' })).json();
    const outsider = await chatMember(h);
    expect(await outsider.list()).toEqual([]);
    for (const res of [
      await outsider.page(id),
      await outsider.send(id, { body: 'hi' }),
      await outsider.read(id, sent.id),
      await outsider.req('PATCH', `/api/chat/conversations/${id}/messages/${sent.id}`, { body: 'x' }),
      await outsider.req('DELETE', `/api/chat/conversations/${id}/messages/${sent.id}`),
      await outsider.page('not-a-uuid'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBeTruthy();
    }
    expect(
      (await outsider.req('POST', '/api/reports', { kind: 'message', targetId: sent.id, reason: 'spam spam' }))
        .statusCode,
    ).toBe(404);
    const { joined } = await inRoom(port, outsider, id, sockets);
    expect(joined).toMatchObject({ ok: false, code: 'FORBIDDEN' });
  });

  it('needs a session', async () => {
    for (const url of ['/api/chat/conversations', '/api/chat/unread-count'])
      expect((await h.app.inject({ url })).statusCode).toBe(401);
  });

  it('serves a PDF attachment to the two members only', async () => {
    const [a, b, id] = await pair();
    const pdf = multipart(
      Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(300, 32)]),
      'notes.pdf',
      'file',
      'application/pdf',
    );
    const up = await h.app.inject({
      method: 'POST',
      url: '/api/uploads?kind=document&private=true',
      headers: { cookie: a.cookie, ...pdf.headers },
      payload: pdf.payload,
    });
    expect(up.statusCode).toBe(201);
    const sent = await a.send(id, { body: '', attachmentUploadId: up.json().id });
    expect(sent.statusCode).toBe(201);
    const url = sent.json().attachment.url as string;
    expect((await h.app.inject({ url, headers: { cookie: b.cookie } })).statusCode).toBe(200);
    const outsider = await chatMember(h);
    expect((await h.app.inject({ url, headers: { cookie: outsider.cookie } })).statusCode).toBe(404);
    // Someone else's upload cannot be attached.
    expect((await b.send(id, { attachmentUploadId: up.json().id })).statusCode).toBe(400);
  });

  it('serves a photo and its resized copies to the two members only, admins and visitors included out', async () => {
    const [a, b, id] = await pair();
    const upload = async (query: string) => {
      const png = multipart(await pngImage(400, 300), 'beach.png', 'file', 'image/png');
      const res = await h.app.inject({
        method: 'POST',
        url: `/api/uploads?kind=image${query}`,
        headers: { cookie: a.cookie, ...png.headers },
        payload: png.payload,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    };
    // A public image is refused as an attachment: it would be served to anyone.
    const open = await upload('');
    expect(open.private).toBe(false);
    const refused = await a.send(id, { body: '', attachmentUploadId: open.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatch(/private image/);

    const photo = await upload('&private=true');
    expect(photo).toMatchObject({ kind: 'image', private: true });
    const sent = await a.send(id, { body: 'look', attachmentUploadId: photo.id });
    expect(sent.statusCode).toBe(201);
    const attachment = sent.json().attachment;
    // The original and every copy the srcset offers (thumbnails).
    const urls = [attachment.url as string, ...(attachment.srcset as string).split(', ').map((s) => s.split(' ')[0]!)];
    expect(urls.length).toBeGreaterThan(1);
    expect(urls.filter((u) => /-\d+w\.webp$/.test(u))).toHaveLength(urls.length - 1);

    const outsider = await chatMember(h);
    const admin = { cookie: await adminLogin(h, (await buildUser(h, { role: 'admin' })).email) };
    for (const url of urls) {
      for (const cookie of [a.cookie, b.cookie]) {
        const res = await h.app.inject({ url, headers: { cookie } });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control']).toBe('private, max-age=3600');
      }
      for (const headers of [{ cookie: outsider.cookie }, { cookie: admin.cookie }, {}]) {
        const res = await h.app.inject({ url, headers });
        expect(res.statusCode, url).toBe(404);
        expect(res.json().error).toBeTruthy();
        expect((await h.app.inject({ method: 'HEAD', url, headers })).statusCode).toBe(404);
      }
    }
    // The public image stays public: avatars and course covers are not touched.
    expect((await h.app.inject({ url: open.url })).statusCode).toBe(200);

    // Blocked by the other member: the history (and its photos) stays readable to both (decision 054).
    expect((await a.req('POST', '/api/chat/blocks', { userId: b.user.id })).statusCode).toBeLessThan(300);
    expect((await h.app.inject({ url: attachment.url, headers: { cookie: b.cookie } })).statusCode).toBe(200);
    expect((await h.app.inject({ url: attachment.url, headers: { cookie: a.cookie } })).statusCode).toBe(200);
  });
});

describe('messages', () => {
  it('is idempotent by clientId: a retry answers 200 with the same message', async () => {
    const [a, b, id] = await pair();
    const first = await a.send(id, { body: 'once', clientId: 'c-1' });
    const again = await a.send(id, { body: 'once', clientId: 'c-1' });
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json().id).toBe(first.json().id);
    expect((await b.page(id)).json().messages).toHaveLength(1);
    // Retries racing inside the server: each round, one makes the message and the rest find it
    // (the insert yields to the unique index, then the winner is read back).
    const sender = await h.services.accounts.present(a.user);
    for (let round = 0; round < 5; round++) {
      const racing = await Promise.all(
        [...Array(6)].map(() => h.services.chat.send(sender, id, { body: 'raced', clientId: `race-${round}` })),
      );
      expect(racing.filter((r) => r.created)).toHaveLength(1);
      expect(new Set(racing.map((r) => r.message.id)).size).toBe(1);
    }
    expect((await b.page(id)).json().messages).toHaveLength(6);
  });

  it('pages newest first, 30 a page, with a cursor, and searches', async () => {
    const [a, , id] = await pair();
    for (let i = 0; i < 35; i++) await a.send(id, { body: `line ${i}${i === 7 ? ' banana' : ''}` });
    const first = (await a.page(id)).json();
    expect(first.messages).toHaveLength(30);
    expect(first.messages[0].body).toBe('line 34');
    const second = (await a.page(id, `?before=${first.nextCursor}`)).json();
    expect(second.messages.map((m: { body: string }) => m.body)).toEqual([
      'line 4',
      'line 3',
      'line 2',
      'line 1',
      'line 0',
    ]);
    expect(second.nextCursor).toBeNull();
    const found = (await a.page(id, '?q=BANANA')).json();
    expect(found.messages.map((m: { body: string }) => m.body)).toEqual(['line 7 banana']);
  });

  it('edits within 15 minutes (marked), deletes for everyone, replies, and limits length', async () => {
    const [a, b, id] = await pair();
    const m = (await a.send(id, { body: 'helo' })).json();
    const path = `/api/chat/conversations/${id}/messages/${m.id}`;
    expect((await b.req('PATCH', path, { body: 'not mine' })).statusCode).toBe(404);
    const edited = await a.req('PATCH', path, { body: 'hello' });
    expect(edited.json()).toMatchObject({ body: 'hello', editedAt: expect.any(String) });
    const reply = (await b.send(id, { body: 'hi', replyToId: m.id })).json();
    expect(reply.replyTo).toMatchObject({ id: m.id, body: 'hello' });
    h.clock.advance(16 * 60_000);
    expect((await a.req('PATCH', path, { body: 'late' })).statusCode).toBe(409);
    h.clock.reset();
    const gone = await a.req('DELETE', path);
    expect(gone.json()).toMatchObject({ body: 'This message was deleted', deleted: true });
    expect((await b.page(id)).json().messages[1]).toMatchObject({ id: m.id, body: 'This message was deleted' });
    expect((await a.send(id, { body: 'x'.repeat(4_001) })).statusCode).toBe(400);
    expect((await a.send(id, { body: '   ' })).statusCode).toBe(400);
  });
});

describe('ordering and no loss', () => {
  it('stores 200 messages from each side sent at once exactly once, in one order', async () => {
    const [a, b, id] = await pair();
    const sends = [a, b].flatMap((m, who) =>
      [...Array(200)].map((_, i) => m.send(id, { body: `${who}:${i}`, clientId: `k${who}-${i}` })),
    );
    const answers = await Promise.all(sends);
    expect(answers.every((r) => r.statusCode === 201)).toBe(true);
    const all: Array<{ id: string; body: string }> = [];
    for (let cursor = ''; ;) {
      const page = (await a.page(id, `?limit=100${cursor ? `&before=${cursor}` : ''}`)).json();
      all.push(...page.messages);
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(all).toHaveLength(400);
    expect(new Set(all.map((m) => m.body)).size).toBe(400);
    const ids = all.map((m) => Number(m.id));
    expect([...ids].sort((x, y) => y - x)).toEqual(ids);
    expect(new Set(answers.map((r) => r.json().id)).size).toBe(400);
    // 400 transactions on one conversation's row lock take a while on a busy two-core machine.
  }, 120_000);

  it('with both members watching, answers each of many sends at once as if it were sent alone', async () => {
    // Watching: the sends skip the transaction and share statements (chat-batch.ts).
    const [a, b, id] = await pair();
    const [c, d, other] = await pair();
    for (const [m, conversation] of [
      [a, id],
      [b, id],
      [c, other],
      [d, other],
    ] as const)
      await inRoom(port, m, conversation, sockets);
    const first = (await a.send(id, { body: 'first' })).json();
    const elsewhere = (await c.send(other, { body: 'elsewhere' })).json();
    const answers = await Promise.all([
      ...[...Array(30)].map((_, i) => (i % 2 ? a : b).send(id, { body: `ab${i}` })),
      ...[...Array(30)].map((_, i) => (i % 2 ? c : d).send(other, { body: `cd${i}` })),
      a.send(id, { body: 'twice', clientId: 'same' }),
      a.send(id, { body: 'twice', clientId: 'same' }),
      b.send(id, { body: 'a reply', replyToId: first.id }),
      b.send(id, { body: 'a reply to another conversation', replyToId: elsewhere.id }),
      c.send(id, { body: 'not my conversation' }),
    ]);
    expect(answers.slice(0, 60).map((r) => r.statusCode)).toEqual(Array(60).fill(201));
    const [once, again, reply, wrongReply, outsider] = answers.slice(60);
    expect([once!.statusCode, again!.statusCode].sort()).toEqual([200, 201]);
    expect(again!.json().id).toBe(once!.json().id);
    expect(reply!.statusCode).toBe(201);
    expect(reply!.json().replyTo).toMatchObject({ id: first.id, body: 'first' });
    expect(wrongReply!.statusCode).toBe(400);
    expect(outsider!.statusCode).toBe(404);

    // Each conversation's lines once, in id order; each recipient's delivered id at the sender's newest.
    const sent = answers
      .filter((r) => r.statusCode === 201)
      .map((r) => r.json() as { id: string; senderId: string; conversationId?: string; body: string });
    for (const [member, conversation, prefix] of [
      [a, id, 'ab'],
      [c, other, 'cd'],
    ] as const) {
      const bodies = (await member.page(conversation, '?limit=100'))
        .json()
        .messages.map((m: { body: string }) => m.body);
      expect(bodies.filter((body: string) => body.startsWith(prefix)).sort()).toEqual(
        [...Array(30)].map((_, i) => `${prefix}${i}`).sort(),
      );
    }
    const newestBy = (m: ChatMember) =>
      String(Math.max(...sent.filter((x) => x.senderId === m.user.id).map((x) => Number(x.id))));
    // Only b's and d's pointers: reading the pages and the list above marked a's and c's delivered
    // up to the conversation's newest line, which may be their own.
    expect((await a.list()).find((x) => x.id === id)).toMatchObject({ otherLastDeliveredId: newestBy(a) });
    expect((await c.list()).find((x) => x.id === other)).toMatchObject({ otherLastDeliveredId: newestBy(c) });
  });

  it('lets a client that dropped mid-stream catch up exactly from its last id', async () => {
    const [a, b, id] = await pair();
    const live = await inRoom(port, b, id, sockets);
    for (let i = 0; i < 5; i++) await a.send(id, { body: `m${i}` });
    await live.seen.next('chat:message', (p: { message: { body: string } }) => p.message.body === 'm4');
    const got = live.seen.of('chat:message').map((p) => (p as { message: { id: string; body: string } }).message);
    live.socket.disconnect();
    await disconnected(live.socket);
    for (let i = 5; i < 12; i++) await a.send(id, { body: `m${i}` });
    const after = got[got.length - 1]!.id;
    const missed = (await b.page(id, `?after=${after}`)).json().messages.map((m: { body: string }) => m.body);
    expect([...got.map((m) => m.body), ...missed]).toEqual([...Array(12)].map((_, i) => `m${i}`));
  });
});

describe('receipts, typing and notifications', () => {
  it('marks delivered when the recipient loads the conversation list', async () => {
    const [a, b, id] = await pair();
    const m = (await a.send(id, { body: 'for when you are back' })).json();
    expect((await a.list())[0]).toMatchObject({ otherLastDeliveredId: '0' });
    await b.list();
    expect((await a.list())[0]).toMatchObject({ otherLastDeliveredId: m.id, otherLastReadId: '0' });
  });

  it.skipIf(!onPostgres)(
    'loads the list without waiting for a receipt row another transaction holds (no deadlock with a send batch)',
    async () => {
      const [a, b, id] = await pair();
      const m = (await a.send(id, { body: 'held' })).json();
      await h.app.database.db.transaction(async (tx) => {
        await tx.execute(
          sql`select 1 from chat_members where conversation_id = ${id} and user_id = ${b.user.id} for update`,
        );
        expect((await b.list()).find((x) => x.id === id)).toBeDefined();
      });
      expect((await a.list())[0]).toMatchObject({ otherLastDeliveredId: '0' });
      await b.list();
      expect((await a.list())[0]).toMatchObject({ otherLastDeliveredId: m.id });
    },
  );

  it('moves delivered and read as the other side opens and reads', async () => {
    const [a, b, id] = await pair();
    const watcher = await inRoom(port, a, id, sockets);
    const m = (await a.send(id, { body: 'are you there?' })).json();
    expect((await a.list())[0]).toMatchObject({ otherLastDeliveredId: '0', otherLastReadId: '0' });
    await b.page(id);
    await watcher.seen.next(
      'chat:receipt',
      (p: { userId: string; lastDeliveredId: string }) => p.userId === b.user.id && p.lastDeliveredId === m.id,
    );
    expect((await b.read(id, m.id)).json()).toEqual({ lastReadId: m.id, unreadCount: 0 });
    await watcher.seen.next(
      'chat:receipt',
      (p: { userId: string; lastReadId: string }) => p.userId === b.user.id && p.lastReadId === m.id,
    );
    // Only forward: an older tab's late read moves nothing back.
    await b.read(id, '1');
    expect((await a.list())[0]).toMatchObject({ otherLastReadId: m.id });
  });

  it("sends each socket what it uses: the line to the room (with the recipient's moved receipt), the list refresh to sockets without it open", async () => {
    const [a, b, id] = await pair();
    const [ra, rb] = [await inRoom(port, a, id, sockets), await inRoom(port, b, id, sockets)];
    const shell = openTestSocket(port, { cookie: b.cookie, origin: APP_URL });
    sockets.push(shell);
    const shellSeen = record(shell, ['chat:message', 'chat:receipt', 'data:updated']);
    await connected(shell);
    const m = (await a.send(id, { body: 'one delivery each' })).json();
    expect(await shellSeen.next('data:updated')).toEqual({
      queryKeys: [['/api/chat/conversations'], ['/api/chat/unread-count']],
    });
    const line = await ra.seen.next('chat:message');
    expect(line).toMatchObject({
      message: { id: m.id },
      receipt: { conversationId: id, userId: b.user.id, lastDeliveredId: m.id, lastReadId: '0' },
    });
    expect(await rb.seen.next('chat:message')).toEqual(line);
    // Typing both ways comes after everything the send emitted, on each room socket.
    await emitWithAck(ra.socket, chatTyping, { conversationId: id });
    await emitWithAck(rb.socket, chatTyping, { conversationId: id });
    await rb.seen.next('chat:typing');
    await ra.seen.next('chat:typing');
    expect([
      ra.seen.of('data:updated'),
      rb.seen.of('data:updated'),
      ra.seen.of('chat:receipt'),
      rb.seen.of('chat:receipt'),
    ]).toEqual([[], [], [], []]);
    expect(shellSeen.of('chat:message')).toEqual([]);
  });

  it('relays typing to the other member and stores nothing', async () => {
    const [a, b, id] = await pair();
    const [sa, sb] = [await inRoom(port, a, id, sockets), await inRoom(port, b, id, sockets)];
    const before = await databaseDigest(h);
    expect(await emitWithAck(sa.socket, chatTyping, { conversationId: id })).toEqual({ ok: true, data: {} });
    expect(await sb.seen.next('chat:typing')).toEqual({ conversationId: id, userId: a.user.id });
    expect(await databaseDigest(h)).toBe(before);
    expect(sa.seen.of('chat:typing')).toEqual([]);
  });

  it('notifies once per conversation until read, only when no tab is open, and mails after 15 minutes', async () => {
    const [a, b, id] = await pair();
    await b.req('PUT', '/api/notifications/preferences', { preferences: [{ type: 'chat_message', email: true }] });
    const chatNotes = async () =>
      (await b.req('GET', '/api/notifications?limit=50'))
        .json()
        .notifications.filter((n: { type: string }) => n.type === 'chat_message');
    await a.send(id, { body: 'first' });
    await a.send(id, { body: 'second' });
    expect(await chatNotes()).toHaveLength(1);
    h.clock.advance(16 * 60_000);
    await h.jobs.runDue();
    const mail = await h.smtp.waitFor(b.user.email);
    expect(mail.text).toContain(`/chat/${id}`);
    h.clock.reset();
    const last = (await a.send(id, { body: 'third' })).json();
    await b.read(id, last.id);
    const open = await inRoom(port, b, id, sockets);
    expect(open.joined).toMatchObject({ ok: true });
    await a.send(id, { body: 'while looking' });
    expect(await chatNotes()).toHaveLength(1);
  });
});

describe('safety', () => {
  it('a block ends sending both ways; history stays readable to both (decision 054)', async () => {
    const [a, b, id] = await pair();
    await b.send(id, { body: 'hello' });
    const bRoom = await inRoom(port, b, id, sockets);
    expect((await a.req('POST', '/api/chat/blocks', { userId: b.user.id })).statusCode).toBe(200);
    await bRoom.seen.next('room:left');
    const refused = await b.send(id, { body: 'let me in' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('You can no longer message this member.');
    expect((await a.send(id, { body: 'bye' })).statusCode).toBe(403);
    expect((await b.page(id)).json().messages[0].body).toBe('hello');
    expect((await b.list())[0]).toMatchObject({ id, blockedByMe: false, blocked: true });
    expect((await b.start(a.user.id)).statusCode).toBe(200);
    expect(await h.services.chat.mayOpen(b.user.id, id)).toBe(false);
    expect((await a.page(id)).json().messages[0].body).toBe('hello');
    expect((await a.list())[0]).toMatchObject({ blockedByMe: true, blocked: true });
    expect(await h.services.chat.isBlocked(b.user.id, a.user.id)).toBe(true);
    expect((await a.req('DELETE', `/api/chat/blocks/${b.user.id}`)).statusCode).toBe(200);
    expect((await b.send(id, { body: 'thanks' })).statusCode).toBe(201);
  });

  it('files a report of a message with the conversation excerpt, which admins list', async () => {
    const [a, b, id] = await pair();
    await a.send(id, { body: 'context line' });
    const bad = (await a.send(id, { body: 'something rude' })).json();
    const res = await b.req('POST', '/api/reports', { kind: 'message', targetId: bad.id, reason: 'This is abusive' });
    expect(res.statusCode).toBe(201);
    await a.req('DELETE', `/api/chat/conversations/${id}/messages/${bad.id}`);
    expect(
      (await b.req('POST', '/api/reports', { kind: 'member', targetId: a.user.id, reason: 'Keeps insulting me' }))
        .statusCode,
    ).toBe(201);
    const admin = await buildUser(h, { role: 'admin' });
    const cookie = await adminLogin(h, admin.email);
    const list = (await h.app.inject({ url: '/api/admin/reports?status=open', headers: { cookie } })).json().reports;
    const mine = list.find((r: { id: string }) => r.id === res.json().id);
    expect(mine.thread.lines.map((l: { body: string }) => l.body)).toEqual(['context line', 'something rude']);
    expect((await h.app.inject({ url: '/api/admin/reports', headers: { cookie: b.cookie } })).statusCode).toBe(403);
  });

  it('adds system lines and answers members for calls', async () => {
    const [a, b, id] = await pair();
    await h.services.chat.addSystemLine(id, 'call', 'Video call, 12 min');
    expect((await b.page(id)).json().messages[0]).toMatchObject({
      kind: 'call',
      senderId: null,
      body: 'Video call, 12 min',
    });
    expect((await h.services.chat.membersOf(id))?.sort()).toEqual([a.user.id, b.user.id].sort());
    expect(await h.services.chat.membersOf('00000000-0000-0000-0000-000000000000')).toBeNull();
    // A system line is nobody's unread message.
    expect(await b.unread()).toBe(0);
  });

  it('exports a member’s chat, and erasure leaves the other member the conversation without their words', async () => {
    const [a, b, id] = await pair();
    await a.send(id, { body: 'my secret plan' });
    await b.send(id, { body: 'sounds good' });
    const exported = await h.services.chatSafety.exportChat(a.user.id);
    expect(exported.conversations).toEqual([expect.objectContaining({ id, withUserId: b.user.id })]);
    expect(exported.messages.map((m) => m.body)).toEqual(['my secret plan']);
    expect(await h.services.chatSafety.eraseChat(a.user.id)).toEqual({ erasedMessages: 1 });
    const lines = (await b.page(id))
      .json()
      .messages.map((m: { body: string; deleted: boolean }) => [m.body, m.deleted]);
    expect(lines).toEqual([
      ['sounds good', false],
      ['This message was deleted', true],
    ]);
  });
});
