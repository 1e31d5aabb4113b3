import { z } from 'zod';
import { defineClientEvent, ZRoomName } from '#shared/realtime/client-events';
import { defineSignal } from '#shared/realtime/signals';
import type { RealtimeService } from '../realtime.service';

/**
 * A room kind and client events that exist only in tests, so the mechanism is proven without
 * chat tables. A `test:<id8>.<id8>…` room admits the users whose ids begin with the parts its
 * name lists (8 hex digits each), unless they are suspended from chat: a rule every process can
 * check without shared memory.
 */
export const testEcho = defineClientEvent(
  'test:echo',
  z.object({ text: z.string().min(1, 'Say something').max(100) }),
  z.object({ text: z.string() }),
);
export const testSay = defineClientEvent(
  'test:say',
  z.object({ room: ZRoomName, text: z.string().max(200) }),
  z.object({}),
);
export const testTyping = defineClientEvent('test:typing', z.object({ room: ZRoomName }), z.object({}));
export const testBoom = defineClientEvent('test:boom', z.object({}), z.object({}));

export const testSaid = defineSignal('test:said', z.object({ room: z.string(), from: z.string(), text: z.string() }));
export const testTypingSignal = defineSignal('test:typing', z.object({ room: z.string(), userId: z.string() }));

export const testRoom = (...userIds: string[]) => `test:${userIds.map((id) => id.slice(0, 8)).join('.')}`;

export function registerTestRealtime(realtime: RealtimeService): void {
  realtime.rooms.register('test', {
    area: 'chat',
    policy: async (user, id) => id.split('.').includes(user.id.slice(0, 8)),
  });
  realtime.handle(testEcho, { authorize: () => true, run: ({ text }) => ({ text }) });
  realtime.handle(testSay, {
    area: 'chat',
    authorize: (_user, { room }, ctx) => ctx.inRoom(room),
    run({ room, text }, ctx) {
      realtime.emitToRoom(room, testSaid, { room, from: ctx.user.id, text });
      return {};
    },
  });
  realtime.handle(testTyping, {
    area: 'chat',
    authorize: (_user, { room }, ctx) => ctx.inRoom(room),
    run({ room }, ctx) {
      ctx.relay(room, testTypingSignal, { room, userId: ctx.user.id });
      return {};
    },
  });
  realtime.handle(testBoom, {
    authorize: () => true,
    run() {
      throw new Error('a bug in a handler');
    },
  });
}
