import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { userQueryKey, userQueryOptions } from '../features/accounts';
import { createQueryClient } from '../lib/query-client';
import { router } from './router';

/**
 * After the entry, in its own chunk (decision 074), and only once there is something for it: a
 * member (their copy to save, their writes, the wipe when they leave), or a page that could not
 * reach the server (the copy to read). A visitor online, such as a first visit of /auth, never
 * needs the offline copy, the outbox or the downloads: 5 KB less on that visit (decision 086).
 */
function startOfflineWhenNeeded(client: QueryClient) {
  const needed = () => {
    const state = client.getQueryState(userQueryKey);
    return !navigator.onLine || Boolean(state?.data) || state?.status === 'error';
  };
  const start = () => {
    stop();
    void import('../lib/offline').then((m) => m.startOffline(client));
  };
  const stop = client.getQueryCache().subscribe(({ query }) => {
    if (query.queryKey[0] === userQueryKey[0] && needed()) start();
  });
  if (needed()) start();
}

export function Providers() {
  const [client] = useState(() => {
    const created = createQueryClient({
      onUnauthorized: (c) => void c.invalidateQueries({ queryKey: userQueryKey }),
      onSuspended: (c) => void c.invalidateQueries({ queryKey: userQueryKey }),
    });
    // Asked at once, while the router fetches the first screen's chunk, rather than after it.
    void created.prefetchQuery(userQueryOptions);
    startOfflineWhenNeeded(created);
    return created;
  });
  return (
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
