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
    return created;
  });
  return (
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
