import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#server/test/harness';
import { chatMember } from './testing/chat-clients';

/** "Call" in a conversation (chat-calls.ts): its two members only, not across a block, and a line when it ends. */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('a call from a conversation', () => {
  it('admits the two members to one room, refuses outsiders and blocks, and leaves a line in the thread', async () => {
    const [a, b, outsider] = [await chatMember(h), await chatMember(h), await chatMember(h)];
    const conversationId = (await a.start(b.user.id)).json().id as string;

    const made = await a.req('POST', '/api/calls', { conversationId });
    expect(made.statusCode).toBe(201);
    const room = made.json().room as string;
    // The other member pressing Call lands in the same room.
    expect([
      (await b.req('POST', '/api/calls', { conversationId })).statusCode,
      (await b.req('POST', '/api/calls', { conversationId })).json().room,
    ]).toEqual([200, room]);
    expect((await b.req('GET', `/api/calls/${room}`)).statusCode).toBe(200);
    expect((await outsider.req('POST', '/api/calls', { conversationId })).statusCode).toBe(404);
    expect((await outsider.req('GET', `/api/calls/${room}`)).statusCode).toBe(404);

    // Nobody joined: hanging up ends it as a missed call, and the thread says so.
    await h.services.calls.hangUp(a.user.id, room);
    const lines = (await b.page(conversationId)).json().messages as Array<{ kind: string; body: string }>;
    expect(lines[0]).toMatchObject({ kind: 'call', body: 'Missed video call' });

    // A block ends calls as it ends messages.
    expect((await b.req('POST', '/api/chat/blocks', { userId: a.user.id })).statusCode).toBeLessThan(300);
    expect((await a.req('POST', '/api/calls', { conversationId })).statusCode).toBe(404);
  });
});
