import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient } from './query-client';
import { dismissToast } from './toast';

vi.mock('./toast', async (original) => {
  const real = await original<typeof import('./toast')>();
  return { ...real, toast: vi.fn(real.toast) };
});
const { toast } = await import('./toast');

afterEach(() => {
  vi.mocked(toast).mockClear();
  dismissToast();
});

const meta = { errorToast: () => ({ title: 'Failed to fetch notifications' }), errorStreak: 'notifications' };

describe('error streaks', () => {
  it('toasts once while the queries keep failing, and again after a success', async () => {
    const client = createQueryClient();
    const fail = () => Promise.reject(new ApiError(500, 'boom', undefined));
    const fetchA = (queryFn: () => Promise<unknown>) =>
      client.fetchQuery({ queryKey: ['a'], queryFn, meta, retry: false, staleTime: 0 }).catch(() => undefined);
    const fetchB = (queryFn: () => Promise<unknown>) =>
      client.fetchQuery({ queryKey: ['b'], queryFn, meta, retry: false, staleTime: 0 }).catch(() => undefined);

    await fetchA(fail);
    await fetchA(fail);
    await fetchB(fail);
    expect(toast).toHaveBeenCalledTimes(1);

    await fetchB(() => Promise.resolve(1));
    await fetchA(fail);
    expect(toast).toHaveBeenCalledTimes(2);
  });

  it('a query that chose not to toast (a 401) does not mute the next failure', async () => {
    const client = createQueryClient();
    const quietOn401 = {
      errorToast: (e: Error) => (e instanceof ApiError && e.status === 401 ? undefined : { title: 'Failed' }),
      errorStreak: 'x',
    };
    const run = (status: number) =>
      client
        .fetchQuery({
          queryKey: ['x'],
          queryFn: () => Promise.reject(new ApiError(status, '', undefined)),
          meta: quietOn401,
          retry: false,
          staleTime: 0,
        })
        .catch(() => undefined);
    await run(401);
    await run(500);
    expect(toast).toHaveBeenCalledTimes(1);
  });
});

describe('a suspension found by a query', () => {
  it('calls onSuspended for a 403 ACCOUNT_SUSPENDED, and not for another 403', async () => {
    const onSuspended = vi.fn();
    const client = createQueryClient({ onSuspended });
    const answer = (code: string) => () =>
      Promise.reject(new ApiError(403, '{}', { error: 'No', code: code as 'FORBIDDEN' }));
    await client.fetchQuery({ queryKey: ['x'], queryFn: answer('FORBIDDEN'), retry: false }).catch(() => undefined);
    expect(onSuspended).not.toHaveBeenCalled();
    await client
      .fetchQuery({ queryKey: ['y'], queryFn: answer('ACCOUNT_SUSPENDED'), retry: false })
      .catch(() => undefined);
    expect(onSuspended).toHaveBeenCalledTimes(1);
  });
});
