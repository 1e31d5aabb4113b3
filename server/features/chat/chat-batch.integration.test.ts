import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, createHarness, type Harness } from '#server/test/harness';
import { createSendBatcher } from './chat-batch';
import type { SendStatement } from './chat-send.repo';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('createSendBatcher', () => {
  it('sends what arrives while a statement runs in the next one, and tries each alone if that one fails', async () => {
    const present = async () => h.services.accounts.present(await buildUser(h));
    const [a, b] = [await present(), await present()];
    const conversationId = (await h.services.chat.start(a, b.id, undefined)).conversation.id;
    const send = (body: string, attachmentUploadId: string | null = null): SendStatement => ({
      conversationId,
      senderId: a.id,
      body,
      clientId: null,
      attachmentUploadId,
      replyToId: null,
      createdAt: new Date(),
      deliver: true,
    });
    const batcher = createSendBatcher(h.app.database.db);
    // The first goes alone; the other three wait for it and go together. The missing upload
    // breaks that statement (its foreign key), so each of the three is tried on its own.
    const outcomes = await Promise.allSettled([
      batcher.send(send('one')),
      batcher.send(send('two')),
      batcher.send(send('bad', randomUUID())),
      batcher.send(send('three')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    const ids = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value.id!] : []));
    expect([...ids].sort((x, y) => x - y)).toEqual(ids);
    const last = outcomes[3] as PromiseFulfilledResult<{ delivered: { lastDeliveredId: number } | null }>;
    expect(last.value.delivered?.lastDeliveredId).toBe(ids[2]);
    const page = await h.services.chat.messages(a, conversationId, { limit: 30 });
    expect(page.messages.map((m) => m.body)).toEqual(['three', 'two', 'one']);

    // Half an emoji goes in as U+FFFD, as a plain text parameter would, and fails nobody.
    const halves = await Promise.all([
      batcher.send(send('x')),
      batcher.send(send('half \ud83d')),
      batcher.send(send('y', null)),
    ]);
    expect(halves.every((o) => o.id !== null)).toBe(true);
    const after = await h.services.chat.messages(a, conversationId, { limit: 3 });
    expect(after.messages.map((m) => m.body)).toEqual(['y', 'half \ufffd', 'x']);
  });
});
