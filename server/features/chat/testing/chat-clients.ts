import type { Socket } from 'socket.io-client';
import { emitWithAck } from '#client/lib/socket';
import { roomJoin } from '#shared/realtime/client-events';
import { chatRoom } from '#shared/chat/chat.realtime';
import { APP_URL, buildUser, login, type Harness } from '#server/test/harness';
import { connected, openTestSocket, record } from '#server/test/sockets';

/** A member with a session cookie, and the requests chat tests make as them. */
export async function chatMember(h: Harness) {
  const user = await buildUser(h);
  const cookie = await login(h, user.username);
  const req = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    h.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  return {
    user,
    cookie,
    req,
    start: (userId: string, context?: object) => req('POST', '/api/chat/conversations', { userId, context }),
    send: (conversationId: string, body: object) =>
      req('POST', `/api/chat/conversations/${conversationId}/messages`, body),
    page: (conversationId: string, query = '') =>
      req('GET', `/api/chat/conversations/${conversationId}/messages${query}`),
    read: (conversationId: string, messageId: string) =>
      req('POST', `/api/chat/conversations/${conversationId}/read`, { messageId }),
    list: async () =>
      (await req('GET', '/api/chat/conversations')).json().conversations as Array<
        Record<string, unknown> & { id: string; unreadCount: number }
      >,
    unread: async () => (await req('GET', '/api/chat/unread-count')).json().count as number,
  };
}
export type ChatMember = Awaited<ReturnType<typeof chatMember>>;

const EVENTS = ['chat:message', 'chat:receipt', 'chat:typing', 'data:updated', 'room:left'];

/** A socket of `member` on the listening app, in the conversation's room. */
export async function inRoom(port: number, member: ChatMember, conversationId: string, sockets: Socket[]) {
  const socket = openTestSocket(port, { cookie: member.cookie, origin: APP_URL });
  sockets.push(socket);
  const seen = record(socket, EVENTS);
  await connected(socket);
  const joined = await emitWithAck(socket, roomJoin, { room: chatRoom(conversationId) });
  return { socket, seen, joined };
}
