import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZBlockInput,
  ZBlockParams,
  ZBlockResult,
  ZChatMessage,
  ZChatUnread,
  ZConversation,
  ZConversationList,
  ZConversationParams,
  ZEditMessage,
  ZMarkRead,
  ZMessagePage,
  ZMessageParams,
  ZMessagesQuery,
  ZReadResult,
  ZSendMessage,
  ZStartConversation,
} from '#shared/chat/chat.schemas';
import type { MemberLimit } from '#server/plugins/member-limits';
import { currentUser, requireArea } from '#server/plugins/session';
import type { AllServices } from '#server/platform/module';

/**
 * Sends: a fast typist manages a message every second or two for a while; a script sending
 * faster than 60 a minute is stopped. The shared write limit (120 a minute) sits above it.
 */
export const CHAT_SEND_LIMIT: MemberLimit = {
  name: 'chat-send',
  max: 60,
  windowMs: 60_000,
  message: 'You are sending messages faster than a person can type. Please wait a moment and try again.',
};

/** Issue 12. A suspension closing `chat` closes all of it; a non-member gets 404 on all of a conversation. */
export async function chatRoutes(
  root: FastifyInstance,
  { chat, chatSafety }: Pick<AllServices, 'chat' | 'chatSafety'>,
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const member = requireArea('chat');
  const tags = ['chat'];
  const me = currentUser;

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/api/chat/conversations',
    {
      preHandler: member,
      config: { answers: [404] },
      schema: { tags, body: ZStartConversation, response: { 200: ZConversation, 201: ZConversation } },
    },
    async (request, reply) => {
      const { conversation, created } = await chat.start(me(request), request.body.userId, request.body.context);
      return reply.status(created ? 201 : 200).send(conversation);
    },
  );

  app.get(
    '/api/chat/conversations',
    { preHandler: member, schema: { tags, response: { 200: ZConversationList } } },
    async (request) => {
      const user = me(request);
      await chat.deliverAll(user.id);
      return { conversations: await chat.list(user) };
    },
  );

  app.get(
    '/api/chat/conversations/:id/messages',
    {
      preHandler: member,
      schema: { tags, params: ZConversationParams, querystring: ZMessagesQuery, response: { 200: ZMessagePage } },
    },
    async (request) => chat.messages(me(request), request.params.id, request.query),
  );

  app.post(
    '/api/chat/conversations/:id/messages',
    {
      preHandler: member,
      config: { memberLimit: CHAT_SEND_LIMIT, answers: [409] },
      schema: {
        tags,
        params: ZConversationParams,
        body: ZSendMessage,
        response: { 200: ZChatMessage, 201: ZChatMessage },
      },
    },
    async (request, reply) => {
      const { message, created } = await chat.send(me(request), request.params.id, request.body);
      return reply.status(created ? 201 : 200).send(message);
    },
  );

  app.patch(
    '/api/chat/conversations/:id/messages/:messageId',
    {
      preHandler: member,
      config: { memberLimit: CHAT_SEND_LIMIT, answers: [409] },
      schema: { tags, params: ZMessageParams, body: ZEditMessage, response: { 200: ZChatMessage } },
    },
    async (request) => chat.edit(me(request), request.params.id, request.params.messageId, request.body.body),
  );

  app.delete(
    '/api/chat/conversations/:id/messages/:messageId',
    { preHandler: member, schema: { tags, params: ZMessageParams, response: { 200: ZChatMessage } } },
    async (request) => chat.remove(me(request), request.params.id, request.params.messageId),
  );

  app.post(
    '/api/chat/conversations/:id/read',
    {
      preHandler: member,
      schema: { tags, params: ZConversationParams, body: ZMarkRead, response: { 200: ZReadResult } },
    },
    async (request) => chat.markRead(me(request), request.params.id, request.body.messageId),
  );

  app.get(
    '/api/chat/unread-count',
    { preHandler: member, schema: { tags, response: { 200: ZChatUnread } } },
    async (request) => ({
      count: await chat.unreadCount(me(request).id),
    }),
  );

  app.post(
    '/api/chat/blocks',
    {
      preHandler: member,
      config: { answers: [404] },
      schema: { tags, body: ZBlockInput, response: { 200: ZBlockResult } },
    },
    async (request) => {
      await chatSafety.block(me(request), request.body.userId);
      return { blocked: true };
    },
  );

  app.delete(
    '/api/chat/blocks/:userId',
    { preHandler: member, schema: { tags, params: ZBlockParams, response: { 200: ZBlockResult } } },
    async (request) => {
      await chatSafety.unblock(me(request), request.params.userId);
      return { blocked: false };
    },
  );
}
