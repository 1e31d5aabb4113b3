import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { createQueryClient } from '../lib/query-client';

/** Component tests: the routes in a memory router at `path`, with the app's query defaults. */
export function renderRoutes(routes: RouteObject[], opts: { path?: string; client?: QueryClient } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [opts.path ?? '/'] });
  render(
    <QueryClientProvider client={opts.client ?? createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}
