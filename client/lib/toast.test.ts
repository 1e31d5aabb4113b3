import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS } from '#shared/constants';
import { createToastStore } from './toast';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('toast store', () => {
  it('shows one toast at a time: a new one replaces the old', () => {
    const store = createToastStore();
    store.show({ title: 'Logged in successfully' });
    store.show({ title: 'Login failed', description: 'Invalid credentials', variant: 'destructive' });
    expect(store.getSnapshot()).toHaveLength(1);
    expect(store.getSnapshot()[0]).toMatchObject({ title: 'Login failed', variant: 'destructive' });
  });

  it('closes a toast after 5 seconds by default', () => {
    const store = createToastStore();
    store.show({ title: 'Reset link sent' });
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(store.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('gives the replacing toast its own full duration', () => {
    const store = createToastStore();
    store.show({ title: 'first' });
    vi.advanceTimersByTime(4_000);
    store.show({ title: 'second' });
    vi.advanceTimersByTime(4_000);
    expect(store.getSnapshot().map((t) => t.title)).toEqual(['second']);
    vi.advanceTimersByTime(1_000);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('honours a custom duration, dismisses on demand and tells subscribers', () => {
    const store = createToastStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const id = store.show({ title: 'long', duration: 10_000 });
    vi.advanceTimersByTime(9_000);
    expect(store.getSnapshot()).toHaveLength(1);
    store.dismiss(id);
    expect(store.getSnapshot()).toHaveLength(0);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.show({ title: 'unheard' });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
