import { QueryCache, QueryClient } from '@tanstack/react-query';
import {
  QUERY_GC_MS,
  QUERY_STALE_MS,
  RETRY_COUNT,
  RETRY_DELAY_MS,
} from '../../shared/constants';
import { ApiError, isTransientError } from './api-client';
import { toast, type ToastInput } from './toast';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** A toast to show once a query has failed for good (after its retry). */
      errorToast?: (error: Error) => ToastInput | undefined;
    };
  }
}

/** Spec section 9: one retry after 1 s, but a 4xx answer will not change by asking again. */
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
}

export function createQueryClient(hooks: QueryClientHooks = {}): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError(error, query) {
        const shown = query.meta?.errorToast?.(error);
        if (shown) toast(shown);
        if (error instanceof ApiError && error.status === 401) hooks.onUnauthorized?.(client);
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
