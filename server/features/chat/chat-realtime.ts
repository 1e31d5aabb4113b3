import type { RealtimeService } from '../../realtime/realtime.service';
import { chatRoom, chatTyping, chatTypingSignal } from '../../../shared/chat/chat.realtime';
import type { ChatService } from './chat.service';

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
