import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSessionTimer, SESSION_WARNING_MS } from './session-timer';

const MINUTE = 60_000;

beforeEach(() => vi.useFakeTimers({ now: new Date('2026-01-01T08:00:00Z') }));
afterEach(() => vi.useRealTimers());

function setup(freshAt?: number) {
  const extend = vi.fn().mockResolvedValue({ expiresAt: 'later' });
  const onWarning = vi.fn();
  const timer = createSessionTimer({ extend, onWarning, freshAt });
  return { extend, onWarning, timer };
}

describe('session keep-alive', () => {
  it('debounces activity by 1 s before extending', async () => {
    const { extend, timer } = setup();
    timer.activity();
    await vi.advanceTimersByTimeAsync(500);
    timer.activity();
    await vi.advanceTimersByTimeAsync(999);
    expect(extend).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(extend).toHaveBeenCalledTimes(1);
  });

  it('extends at most once every 300 s', async () => {
    const { extend, timer } = setup();
    timer.activity();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(extend).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(200_000);
    timer.activity();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(extend).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(100_000);
    timer.activity();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(extend).toHaveBeenCalledTimes(2);
  });

  it('does not extend right after a login in this page', async () => {
    const { extend, timer } = setup(Date.now());
    timer.activity();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(extend).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(300_000);
    timer.activity();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(extend).toHaveBeenCalledTimes(1);
  });

  it('warns once, 330 minutes after the login, when nothing extended the session', async () => {
    const { onWarning } = setup(Date.now());
    expect(SESSION_WARNING_MS).toBe(330 * MINUTE);
    await vi.advanceTimersByTimeAsync(330 * MINUTE - 1);
    expect(onWarning).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onWarning).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(120 * MINUTE);
    expect(onWarning).toHaveBeenCalledTimes(1);
  });

  it('counts the warning from the last successful extension', async () => {
    const { onWarning, timer } = setup(Date.now());
    await vi.advanceTimersByTimeAsync(100 * MINUTE);
    timer.activity();
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.advanceTimersByTimeAsync(330 * MINUTE - 1_000);
    expect(onWarning).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(onWarning).toHaveBeenCalledTimes(1);
  });

  it('lets the next activity retry after a failed extension', async () => {
    const { extend, timer } = setup();
    extend.mockRejectedValueOnce(new Error('503: Service Unavailable'));
    timer.activity();
    await vi.advanceTimersByTimeAsync(1_000);
    timer.activity();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(extend).toHaveBeenCalledTimes(2);
  });

  it('stops everything when disposed', async () => {
    const { extend, onWarning, timer } = setup(Date.now());
    timer.activity();
    timer.dispose();
    await vi.advanceTimersByTimeAsync(400 * MINUTE);
    timer.activity();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(extend).not.toHaveBeenCalled();
    expect(onWarning).not.toHaveBeenCalled();
  });
});
