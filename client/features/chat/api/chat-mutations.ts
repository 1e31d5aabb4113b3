import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZChatMessage,
  ZConversation,
  ZReadResult,
  type TChatContext,
  type TSendMessage,
} from '#shared/chat/chat.schemas';
import type { TReportInput } from '#shared/reports/reports.schemas';
import { apiDelete, apiPatch, apiPost } from '#client/lib/api-client';
import { chatUnreadKey, conversationsKey, mergeMessages } from './chat-queries';

const base = (id: string) => `/api/chat/conversations/${encodeURIComponent(id)}`;

/** POST /api/chat/conversations: the pair's conversation, made on first use. */
export async function startConversation(userId: string, context?: TChatContext) {
  return ZConversation.parse(await apiPost<unknown>('/api/chat/conversations', { userId, context }));
}

/** Sends with the caller's clientId: a retry after a lost answer returns the same message. */
export async function sendMessage(conversationId: string, input: TSendMessage) {
  return ZChatMessage.parse(await apiPost<unknown>(`${base(conversationId)}/messages`, input));
}

export async function markRead(conversationId: string, messageId: string) {
  return ZReadResult.parse(await apiPost<unknown>(`${base(conversationId)}/read`, { messageId }));
}

export function useEditMessage(conversationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: string }) =>
      apiPatch<unknown>(`${base(conversationId)}/messages/${id}`, { body }).then((m) => ZChatMessage.parse(m)),
    onSuccess: (m) => mergeMessages(client, conversationId, [m]),
  });
}

export function useDeleteMessage(conversationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiDelete<unknown>(`${base(conversationId)}/messages/${id}`).then((m) => ZChatMessage.parse(m)),
    onSuccess: (m) => mergeMessages(client, conversationId, [m]),
  });
}

export function useBlock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, block }: { userId: string; block: boolean }) =>
      block ? apiPost('/api/chat/blocks', { userId }) : apiDelete(`/api/chat/blocks/${encodeURIComponent(userId)}`),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: conversationsKey });
      void client.invalidateQueries({ queryKey: chatUnreadKey });
    },
  });
}

export function useReport() {
  return useMutation({ mutationFn: (input: TReportInput) => apiPost('/api/reports', input) });
}

/** The video area's POST /api/calls: the call room of this conversation. */
export async function startCall(conversationId: string): Promise<{ room: string }> {
  return apiPost<{ room: string }>('/api/calls', { conversationId });
}
