import { describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from './api-client';
import { bodyToSend, createOutbox, memoryStorage, type QueuedWrite } from './outbox';

const write = (id: string, userId = 'u1'): Omit<QueuedWrite, 'createdAt'> => ({
  id,
  userId,
  kind: 'chat',
  scope: 'c1',
  path: '/api/chat/conversations/c1/messages',
  body: { body: id, clientId: id },
});

describe('outbox', () => {
  it('keeps writes made offline, in storage, and sends them once, in order, when the network is back', async () => {
    let online = false;
    const storage = memoryStorage();
    const send = vi.fn(async (w: QueuedWrite) => ({ echoed: w.id }));
    const outbox = createOutbox(storage, send, () => online);
    const delivered: string[] = [];
    outbox.onSent((w) => delivered.push(w.id));

    await outbox.add(write('a'));
    await outbox.add(write('b'));
    expect(send).not.toHaveBeenCalled();
    expect([...storage.map.keys()]).toEqual(['a', 'b']);

    online = true;
    // Reconnect, the online event and a new send may all ask at once: one run sends each write once.
    await Promise.all([outbox.flush('u1'), outbox.flush('u1'), outbox.flush('u1')]);
    expect(send.mock.calls.map(([w]) => w.id)).toEqual(['a', 'b']);
    expect(delivered).toEqual(['a', 'b']);
    expect(storage.map.size).toBe(0);
    expect(outbox.snapshot().writes).toEqual([]);
  });

  it('survives the page: a new outbox on the same storage sends what the last one kept', async () => {
    const storage = memoryStorage();
    await createOutbox(storage, vi.fn(), () => false).add(write('kept'));
    const send = vi.fn(async () => ({}));
    const again = createOutbox(storage, send, () => false);
    const shown = vi.fn();
    again.subscribe(shown);
    await vi.waitFor(() => expect(again.snapshot().writes.map((w) => w.id)).toEqual(['kept']));
    expect(shown).toHaveBeenCalled();
    const online = createOutbox(storage, send, () => true);
    await online.flush('u1');
    expect(send).toHaveBeenCalledTimes(1);
    expect(storage.map.size).toBe(0);
  });

  it('stops at a network failure and keeps the rest waiting, in order', async () => {
    let online = false;
    const send = vi.fn().mockRejectedValue(new NetworkError(new TypeError('Failed to fetch')));
    const outbox = createOutbox(memoryStorage(), send, () => online);
    await outbox.add(write('a'));
    await outbox.add(write('b'));
    online = true;
    await outbox.flush('u1');
    expect(send.mock.calls.map(([w]) => (w as QueuedWrite).id)).toEqual(['a']);
    expect(outbox.snapshot().writes.map((w) => [w.id, w.refused])).toEqual([
      ['a', undefined],
      ['b', undefined],
    ]);
  });

  it('keeps a refused write with the server sentence, sends the others, and retries it on request', async () => {
    const storage = memoryStorage();
    const refusedOnce = new ApiError(403, '{"error":"You can no longer message this member."}', {
      error: 'You can no longer message this member.',
    });
    const send = vi.fn().mockRejectedValueOnce(refusedOnce).mockResolvedValue({});
    const outbox = createOutbox(storage, send, () => false);
    await outbox.add(write('a'));
    await outbox.add(write('b'));
    const online = createOutbox(storage, send, () => true);
    await online.flush('u1');
    expect(online.snapshot().writes).toEqual([
      expect.objectContaining({ id: 'a', refused: 'You can no longer message this member.' }),
    ]);
    expect(storage.map.get('a')?.refused).toBe('You can no longer message this member.');
    await online.retry('a');
    await online.flush('u1');
    expect(online.snapshot().writes).toEqual([]);
  });

  it("sends only the signed-in member's writes, and drops a member's writes at logout", async () => {
    const storage = memoryStorage();
    const send = vi.fn(async () => ({}));
    const offline = createOutbox(storage, send, () => false);
    await offline.add(write('mine', 'u1'));
    await offline.add(write('theirs', 'u2'));
    const outbox = createOutbox(storage, send, () => true);
    await outbox.flush('u1');
    expect(send).toHaveBeenCalledTimes(1);
    await outbox.drop('u2');
    expect(storage.map.size).toBe(0);
  });

  it('puts a write made earlier in its place, and sends a dated one with the time it waited', async () => {
    const storage = memoryStorage();
    const outbox = createOutbox(storage, vi.fn(), () => false);
    await outbox.add({ ...write('later'), createdAt: 2_000 });
    await outbox.add({ ...write('earlier'), createdAt: 1_000 });
    expect(outbox.snapshot().writes.map((w) => w.id)).toEqual(['earlier', 'later']);

    const report = { ...write('r'), kind: 'progress' as const, body: { scrolledToEnd: true }, createdAt: 1_000 };
    expect(bodyToSend({ ...report, dated: true }, 31_000)).toEqual({ scrolledToEnd: true, queuedMs: 30_000 });
    // A clock set back meanwhile never makes a write younger than sent now.
    expect(bodyToSend({ ...report, dated: true }, 500)).toEqual({ scrolledToEnd: true, queuedMs: 0 });
    expect(bodyToSend(report, 31_000)).toEqual({ scrolledToEnd: true });
  });
});
