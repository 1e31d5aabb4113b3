import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { userQueryKey, userQueryOptions } from '../features/accounts';
import { createQueryClient } from '../lib/query-client';
import { router } from './router';

export function Providers() {
  const [client] = useState(() => {
    const created = createQueryClient({
      onUnauthorized: (c) => void c.invalidateQueries({ queryKey: userQueryKey }),
      onSuspended: (c) => void c.invalidateQueries({ queryKey: userQueryKey }),
    });
    // Asked at once, while the router fetches the first screen's chunk, rather than after it.
    void created.prefetchQuery(userQueryOptions);
    // After the entry, in its own chunk: the offline copy is read only when the network is down (decision 074).
    void import('../lib/offline').then((m) => m.startOffline(created));
    return created;
  });
  return (
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
