import { onlineManager, QueryCache, QueryClient } from '@tanstack/react-query';
import { QUERY_GC_MS, QUERY_STALE_MS, RETRY_COUNT, RETRY_DELAY_MS } from '#shared/constants';
import { ApiError, isTransientError } from './api-client';
import { toast, type ToastInput } from './toast';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** A toast to show once a query has failed for good (after its retry). */
      errorToast?: (error: Error) => ToastInput | undefined;
      /**
       * Queries sharing this name toast once per failure streak: a polled query that keeps
       * failing would otherwise toast every interval. The next success of any of them ends it.
       */
      errorStreak?: string;
    };
  }
}

/** docs/spec.md §9: one retry after 1 s, but a 4xx answer will not change by asking again. */
function retryQuery(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < RETRY_COUNT;
}

/** Mutations are retried once only when nothing or a 5xx came back: never a wrong password. */
function retryMutation(failureCount: number, error: Error): boolean {
  return failureCount < RETRY_COUNT && isTransientError(error);
}

export interface QueryClientHooks {
  /** Any query answered 401: the session may have ended; the owner of the user query re-checks. */
  onUnauthorized?: (client: QueryClient) => void;
  /** Any query answered 403 ACCOUNT_SUSPENDED: an admin suspended the member meanwhile; the user query re-checks (and the guard sends them to /suspended). */
  onSuspended?: (client: QueryClient) => void;
}

export function createQueryClient(hooks: QueryClientHooks = {}): QueryClient {
  // TanStack assumes online until an event says otherwise: a page opened offline would fail every
  // query (and toast) instead of pausing them until the network returns (decision 074).
  if (typeof navigator !== 'undefined' && !navigator.onLine) onlineManager.setOnline(false);
  const failingStreaks = new Set<string>();
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onSuccess(_data, query) {
        const streak = query.meta?.errorStreak;
        if (streak) failingStreaks.delete(streak);
      },
      onError(error, query) {
        const streak = query.meta?.errorStreak;
        const quiet = streak !== undefined && failingStreaks.has(streak);
        const shown = quiet ? undefined : query.meta?.errorToast?.(error);
        if (shown) {
          toast(shown);
          // Only a shown toast starts a streak: a silent 401 must not mute the next real failure.
          if (streak) failingStreaks.add(streak);
        }
        if (error instanceof ApiError && error.status === 401) hooks.onUnauthorized?.(client);
        if (error instanceof ApiError && error.status === 403 && error.body?.code === 'ACCOUNT_SUSPENDED')
          hooks.onSuspended?.(client);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_MS,
        gcTime: QUERY_GC_MS,
        retry: retryQuery,
        retryDelay: RETRY_DELAY_MS,
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
        refetchOnMount: true,
      },
      mutations: {
        retry: retryMutation,
        retryDelay: RETRY_DELAY_MS,
      },
    },
  });
  return client;
}
