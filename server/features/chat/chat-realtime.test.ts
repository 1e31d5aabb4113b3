import { describe, expect, it } from 'vitest';
import type { RealtimeService } from '#server/realtime/realtime.service';
import { CHAT_KEYS, createListRefresh } from './chat-realtime';

const nextTick = () => new Promise((resolve) => setImmediate(resolve));

describe('createListRefresh', () => {
  it("sends one list refresh a tick for all its sends, to their members, skipping their rooms' sockets", async () => {
    const emitted: unknown[][] = [];
    const realtime = { emitToUsers: (...args: unknown[]) => emitted.push(args) } as unknown as RealtimeService;
    const refresh = createListRefresh(realtime);
    refresh(['a', 'b'], 'chat:1');
    refresh(['a', 'b'], 'chat:1');
    refresh(['a', 'c'], 'chat:2');
    expect(emitted).toEqual([]);
    await nextTick();
    expect(emitted).toEqual([
      [['a', 'b', 'c'], 'data:updated', { queryKeys: CHAT_KEYS }, { except: ['chat:1', 'chat:2'] }],
    ]);

    refresh(['d', 'e'], 'chat:3');
    await nextTick();
    expect(emitted[1]).toEqual([['d', 'e'], 'data:updated', { queryKeys: CHAT_KEYS }, { except: ['chat:3'] }]);
    expect(emitted).toHaveLength(2);
  });
});
