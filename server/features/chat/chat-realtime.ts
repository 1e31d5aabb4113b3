import type { RealtimeService } from '#server/realtime/realtime.service';
import { chatRoom, chatTyping, chatTypingSignal } from '#shared/chat/chat.realtime';
import type { ChatService } from './chat.service';

/** What a member's other tabs refetch when a conversation changes: the list and the badge. */
export const CHAT_KEYS = [['/api/chat/conversations'], ['/api/chat/unread-count']];

/**
 * The list refresh after sends: one `data:updated` a tick for all the sends in it (a group-
 * committed batch resolves its sends together), to their members, skipping the sockets in any of
 * those conversations' rooms. Skipping a socket in another send's room is right too: a socket in
 * a chat room is a chat page's own, which binds no `data:updated` (the tab's shell socket does).
 * At 5,000 sends a second that is about 300 broadcasts instead of 5,000, each one encoded and,
 * over Redis, published and read by every process.
 */
export function createListRefresh(realtime: RealtimeService) {
  let users = new Set<string>();
  let rooms = new Set<string>();
  return (memberIds: string[], room: string): void => {
    if (rooms.size === 0) {
      setImmediate(() => {
        const [to, except] = [[...users], [...rooms]];
        users = new Set();
        rooms = new Set();
        realtime.emitToUsers(to, 'data:updated', { queryKeys: CHAT_KEYS }, { except });
      });
    }
    for (const id of memberIds) users.add(id);
    rooms.add(room);
  };
}

/**
 * The conversation room (`chat:<id>`): the server joins a member's socket once the policy
 * agrees; typing is relayed to the room's other sockets and never stored.
 */
export function registerChatRealtime(realtime: RealtimeService, chat: ChatService): void {
  realtime.rooms.register('chat', { area: 'chat', policy: (user, id) => chat.mayOpen(user.id, id) });
  realtime.handle(chatTyping, {
    area: 'chat',
    authorize: (_user, { conversationId }, ctx) => ctx.inRoom(chatRoom(conversationId)),
    run({ conversationId }, ctx) {
      ctx.relay(chatRoom(conversationId), chatTypingSignal, { conversationId, userId: ctx.user.id });
      return {};
    },
  });
}
