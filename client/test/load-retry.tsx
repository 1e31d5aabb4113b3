import { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { expect, vi } from 'vitest';
import { renderRoutes } from './render-routes';

/**
 * A list whose first load fails says `failed`; its "Try again" then loads `answer` and shows an
 * element with `loadedTestId`. The query is not retried on its own, so only the button retries.
 */
export async function expectRetryAfterFailedLoad(
  element: ReactElement,
  { answer, failed, loadedTestId }: { answer: unknown; failed: string; loadedTestId: string },
) {
  let fail = true;
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      fail ? new Response('{"error":"Down","code":"INTERNAL"}', { status: 500 }) : Response.json(answer),
    ),
  );
  renderRoutes([{ path: '/', element }], {
    client: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  });
  expect(await screen.findByText(failed)).toBeTruthy();
  fail = false;
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByTestId(loadedTestId)).toBeTruthy();
}
