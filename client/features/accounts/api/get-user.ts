import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { TSessionProbe, TUser } from '#shared/accounts/accounts.schemas';
import { USER_POLL_MS } from '#shared/constants';
import { apiGet, isApiError, NetworkError } from '#client/lib/api-client';
import { toast } from '#client/lib/toast';

export const userQueryKey = ['user'] as const;

/** GET /api/user: the signed-in user, or null when there is no session (401). */
export async function getUser(signal?: AbortSignal): Promise<TUser | null> {
  try {
    return await apiGet<TUser>('/api/user', signal);
  } catch (err) {
    if (isApiError(err, 401)) return null;
    throw err;
  }
}

/**
 * GET /api/session: the user or null, without a 401 for a visitor (no console error on every signed-out load).
 * A member's page head preloads this very request (server/plugins/page-preloads.ts, `SESSION_PRELOAD`):
 * a change to its URL or credentials goes there too, or the preload is wasted.
 */
async function probeSession(signal?: AbortSignal): Promise<TUser | null> {
  return (await apiGet<TSessionProbe>('/api/session', signal)).user;
}

const notUser = { predicate: (q: { queryKey: readonly unknown[] }) => q.queryKey[0] !== userQueryKey[0] };

/**
 * Drops every cached answer but the user entry, and what the device kept of the member offline. The user entry is replaced rather than removed
 * so that mounted observers hear about the change at once (a removed query tells nobody).
 */
function dropOtherQueries(client: QueryClient) {
  // The member's offline copy and queued writes go with the session (client/lib/offline.ts, decision 074).
  const userId = client.getQueryData<TUser | null>(userQueryKey)?.id;
  window.dispatchEvent(new CustomEvent('blet:forget-member', { detail: userId }));
  void client.cancelQueries(notUser);
  client.removeQueries(notUser);
}

/** docs/spec.md §4: a 401 after a user was known means the session ended under us. */
function endExpiredSession(client: QueryClient) {
  dropOtherQueries(client);
  toast({
    title: 'Session Expired',
    description: 'Your session has expired. Please log in again to continue.',
    variant: 'destructive',
  });
}

export const userQueryOptions = queryOptions({
  queryKey: userQueryKey,
  queryFn: async ({ client, signal }) => {
    // A known user is checked with the spec's GET /api/user, whose 401 ends the session; with
    // nobody known yet, the probe asks the same question without a 401.
    if (!client.getQueryData(userQueryKey)) return probeSession(signal);
    const user = await getUser(signal);
    if (user === null) endExpiredSession(client);
    return user;
  },
  meta: {
    // Offline the banner says it already (decision 074); the toast is for a network that fails while up.
    errorToast: (error) =>
      error instanceof NetworkError && !navigator.onLine
        ? undefined
        : {
            title:
              error instanceof NetworkError ? 'Network error when fetching user data' : 'Failed to fetch user data',
            variant: 'destructive',
          },
  },
});

export function useUser() {
  return useQuery(userQueryOptions);
}

/** The one observer that polls (docs/spec.md §7: every 5 minutes), and only while someone is signed in. */
export function useUserPolling() {
  return useQuery({
    ...userQueryOptions,
    refetchInterval: (query) => (query.state.data ? USER_POLL_MS : false),
  });
}

export function setSessionUser(client: QueryClient, user: TUser) {
  client.setQueryData(userQueryKey, user);
}

/** Logout and the admin sign-in start from an empty cache: nothing of the last user lingers. */
export function clearSession(client: QueryClient, next: TUser | null = null) {
  dropOtherQueries(client);
  void client.cancelQueries({ queryKey: userQueryKey });
  client.setQueryData(userQueryKey, next);
}
