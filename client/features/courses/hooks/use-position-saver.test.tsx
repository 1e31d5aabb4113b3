// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode, SyntheticEvent } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePositionSaver } from './use-position-saver';

/** What the handlers read of the video element. */
const at = (currentTime: number, paused = false) =>
  ({ currentTarget: { currentTime, paused } }) as unknown as SyntheticEvent<HTMLVideoElement>;

let sent: number[];
beforeEach(() => {
  sent = [];
  vi.useFakeTimers();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      sent.push((JSON.parse(String(init.body)) as { positionSeconds: number }).positionSeconds);
      return new Response('{}', { status: 200 });
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function mount(enabled = true) {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => usePositionSaver('c1', 'l1', enabled), { wrapper });
}

describe('usePositionSaver', () => {
  it('saves at most every 10 s while playing', () => {
    const { result } = mount();
    result.current.onTimeUpdate(at(0.5));
    for (let s = 1; s <= 25; s++) {
      vi.advanceTimersByTime(1000);
      result.current.onTimeUpdate(at(s));
    }
    expect(sent).toEqual([10, 20]);
  });

  it('saves on pause and on leaving, but not the same second twice', () => {
    const { result, unmount } = mount();
    result.current.onTimeUpdate(at(3));
    result.current.onPause(at(4.6, true));
    result.current.onPause(at(4.2, true));
    result.current.onSeeked(at(42));
    unmount();
    expect(sent).toEqual([4, 42]);
  });

  it('saves nothing for someone who is not enrolled', () => {
    const { result, unmount } = mount(false);
    result.current.onPause(at(12, true));
    unmount();
    expect(sent).toEqual([]);
  });
});
