import { describe, expect, it, vi } from 'vitest';
import { createRingStore } from './ring-store';

const ring = (room: string) => ({
  room,
  caller: { id: 'u1', fullName: 'Ada Obi', avatarUrl: null },
  until: '2026-11-28T00:00:45.000Z',
});

describe('the ring store', () => {
  it('shows a ring until that room ends, and ignores the end of another room', () => {
    const store = createRingStore();
    const heard = vi.fn();
    store.subscribe(heard);
    store.ring(ring('r1'));
    store.stop('r2');
    expect(store.get()?.room).toBe('r1');
    store.stop('r1');
    expect(store.get()).toBeNull();
    expect(heard).toHaveBeenCalledTimes(2);
  });
});
