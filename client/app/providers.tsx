import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { userQueryKey } from '../features/accounts';
import { createQueryClient } from '../lib/query-client';
import { router } from './router';

export function Providers() {
  const [client] = useState(() =>
    createQueryClient({
      onUnauthorized: (c) => void c.invalidateQueries({ queryKey: userQueryKey }),
    }),
  );
  return (
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
