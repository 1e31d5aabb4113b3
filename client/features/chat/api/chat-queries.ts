import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  type QueryClient,
} from '@tanstack/react-query';
import {
  ZChatUnread,
  ZConversationList,
  ZMessagePage,
  type TChatMessage,
  type TMessagePage,
} from '#shared/chat/chat.schemas';
import { apiGet } from '#client/lib/api-client';

/** The server names these keys in its data:updated events (chat.service.ts), so they are paths. */
export const conversationsKey = ['/api/chat/conversations'] as const;
export const chatUnreadKey = ['/api/chat/unread-count'] as const;
/** Not under conversationsKey: a new message elsewhere must not refetch every page of a thread. */
export const messagesKey = (conversationId: string) => ['chat-messages', conversationId] as const;

export const conversationsQuery = queryOptions({
  queryKey: conversationsKey,
  queryFn: async ({ signal }) =>
    ZConversationList.parse(await apiGet<unknown>('/api/chat/conversations', signal)).conversations,
});

export function useConversations() {
  return useQuery(conversationsQuery);
}

/** The badge's number; the server's data:updated events refresh it, a slow poll backs them up. */
export function useChatUnread(enabled = true) {
  return useQuery({
    queryKey: chatUnreadKey,
    queryFn: async ({ signal }) => ZChatUnread.parse(await apiGet<unknown>('/api/chat/unread-count', signal)).count,
    refetchInterval: 60_000,
    enabled,
  });
}

const page = (conversationId: string, query: string, signal?: AbortSignal) =>
  apiGet<unknown>(`/api/chat/conversations/${encodeURIComponent(conversationId)}/messages${query}`, signal).then((d) =>
    ZMessagePage.parse(d),
  );

export const messagesQuery = (conversationId: string) =>
  infiniteQueryOptions({
    queryKey: messagesKey(conversationId),
    queryFn: ({ pageParam, signal }) => page(conversationId, pageParam ? `?before=${pageParam}` : '', signal),
    initialPageParam: '',
    getNextPageParam: (last: TMessagePage) => last.nextCursor ?? undefined,
    // Live messages keep it current; a refetch would drop the older pages scrolled in.
    staleTime: Infinity,
  });

export function useMessages(conversationId: string) {
  return useInfiniteQuery(messagesQuery(conversationId));
}

export function searchMessages(conversationId: string, q: string) {
  return page(conversationId, `?q=${encodeURIComponent(q)}&limit=50`);
}

/** Messages after `afterId`, oldest first, every page of them: what a reconnect missed. */
export async function messagesAfter(conversationId: string, afterId: string): Promise<TChatMessage[]> {
  const all: TChatMessage[] = [];
  for (let cursor = afterId; ;) {
    const got = await page(conversationId, `?after=${cursor}&limit=100`);
    all.push(...got.messages);
    if (!got.nextCursor) return all;
    cursor = got.nextCursor;
  }
}

type Pages = { pages: TMessagePage[]; pageParams: unknown[] };

/** Puts messages in the cached thread by id: a new one on top, an edited or deleted one in place. */
export function mergeMessages(client: QueryClient, conversationId: string, incoming: TChatMessage[]) {
  client.setQueryData<Pages>(messagesKey(conversationId), (data) => {
    if (!data || data.pages.length === 0) return data;
    const known = new Map<string, number>();
    data.pages.forEach((p, i) => p.messages.forEach((m) => known.set(m.id, i)));
    const pages = data.pages.map((p) => ({ ...p, messages: [...p.messages] }));
    const fresh: TChatMessage[] = [];
    for (const m of incoming) {
      const at = known.get(m.id);
      if (at === undefined) fresh.push(m);
      else pages[at]!.messages = pages[at]!.messages.map((old) => (old.id === m.id ? m : old));
    }
    if (fresh.length > 0) {
      const first = pages[0]!;
      const oldestCached = first.messages[first.messages.length - 1];
      const newer = fresh.filter((m) => !oldestCached || Number(m.id) > Number(oldestCached.id));
      first.messages = [...newer, ...first.messages].sort((a, b) => (Number(b.id) > Number(a.id) ? 1 : -1));
    }
    return { ...data, pages };
  });
}

/** The newest message id the cached thread holds, for catching up after a reconnect. */
export function newestCachedId(client: QueryClient, conversationId: string): string | undefined {
  return client.getQueryData<Pages>(messagesKey(conversationId))?.pages[0]?.messages[0]?.id;
}
