import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZQueueItems } from '#shared/admin/admin.schemas';
import { ZReportEvidence, type TReportEvidence } from '#shared/reports/reports.schemas';
import { adminLogin, buildUser, createHarness, type Harness } from '#server/test/harness';
import { chatMember, type ChatMember } from '../chat/testing/chat-clients';

let h: Harness;
let adminCookie: string;
beforeAll(async () => {
  h = await createHarness();
  const admin = await buildUser(h, { role: 'admin' });
  adminCookie = await adminLogin(h, admin.email);
});
afterAll(() => h.close());

async function pair(): Promise<[ChatMember, ChatMember, string]> {
  const [a, b] = [await chatMember(h), await chatMember(h)];
  return [a, b, (await a.start(b.user.id)).json().id];
}

/** The reports queue's evidence of one report, as the admin console reads it. */
async function evidenceOf(reportId: string, cookie = adminCookie): Promise<TReportEvidence | undefined> {
  const res = await h.app.inject({ url: '/api/admin/queues/reports?page=1', headers: { cookie } });
  const item = ZQueueItems.parse(res.json()).items.find((i) => i.id === reportId);
  return item && ZReportEvidence.parse(item.evidence);
}

describe('report evidence', () => {
  it('keeps the messages around a reported message, named and in order, after the message is deleted', async () => {
    const [a, b, id] = await pair();
    for (let i = 1; i <= 12; i++) await (i % 2 ? a : b).send(id, { body: `line ${i}` });
    const bad = (await a.send(id, { body: 'something rude' })).json();
    for (let i = 14; i <= 25; i++) await (i % 2 ? a : b).send(id, { body: `line ${i}` });
    const res = await b.req('POST', '/api/reports', { kind: 'message', targetId: bad.id, reason: 'This is abusive' });
    expect(res.statusCode).toBe(201);
    expect((await a.req('DELETE', `/api/chat/conversations/${id}/messages/${bad.id}`)).statusCode).toBe(200);

    const evidence = (await evidenceOf(res.json().id))!;
    expect(evidence).toMatchObject({
      kind: 'message',
      reason: 'This is abusive',
      reporter: { id: b.user.id, name: b.user.fullName },
      subject: { id: a.user.id, name: a.user.fullName },
    });
    const lines = evidence.thread!.lines;
    expect(evidence.thread!.reportedMessageId).toBe(bad.id);
    expect(lines).toHaveLength(21);
    expect(lines[0]!.body).toBe('line 3');
    expect(lines[10]).toMatchObject({
      id: bad.id,
      body: 'something rude',
      deleted: false,
      senderName: a.user.fullName,
    });
    expect(lines.at(-1)!.body).toBe('line 23');
    expect(lines[1]!.senderName).toBe(b.user.fullName);
  });

  it('keeps the last 20 lines when a member is reported from the conversation, and none otherwise', async () => {
    const [a, b, id] = await pair();
    for (let i = 1; i <= 25; i++) await a.send(id, { body: `line ${i}` });
    const from = await b.req('POST', '/api/reports', {
      kind: 'member',
      targetId: a.user.id,
      reason: 'Keeps insulting me',
      conversationId: id,
    });
    expect(from.statusCode).toBe(201);
    const lines = (await evidenceOf(from.json().id))!.thread!.lines;
    expect(lines.map((l) => l.body)).toEqual(Array.from({ length: 20 }, (_, i) => `line ${i + 6}`));

    // A conversation the reporter is not in keeps nothing of it.
    const c = await chatMember(h);
    const elsewhere = await c.req('POST', '/api/reports', {
      kind: 'member',
      targetId: a.user.id,
      reason: 'Rude to my friend',
      conversationId: id,
    });
    expect(elsewhere.statusCode).toBe(201);
    expect((await evidenceOf(elsewhere.json().id))!.thread).toBeNull();
  });

  it('is read by admins only', async () => {
    const [a, b, id] = await pair();
    const sent = (await a.send(id, { body: 'private words' })).json();
    await b.req('POST', '/api/reports', { kind: 'message', targetId: sent.id, reason: 'This is abusive' });
    for (const url of ['/api/admin/queues/reports?page=1', '/api/admin/reports']) {
      const res = await h.app.inject({ url, headers: { cookie: b.cookie } });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('private words');
    }
  });
});

describe('a block', () => {
  it('leaves the blocked member the conversation and its history, without sending', async () => {
    const [a, b, id] = await pair();
    await a.send(id, { body: 'hello there' });
    expect((await a.req('POST', '/api/chat/blocks', { userId: b.user.id })).statusCode).toBe(200);
    expect((await b.list()).find((c) => c.id === id)).toMatchObject({ blocked: true, blockedByMe: false });
    expect((await b.page(id)).json().messages.map((m: { body: string }) => m.body)).toEqual(['hello there']);
    const refused = await b.send(id, { body: 'why?' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('You can no longer message this member.');
  });
});
