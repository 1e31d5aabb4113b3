import type { TCallRing } from '#shared/calls/calls.schemas';

type Listener = () => void;

/**
 * The incoming call this tab shows, if any (decision 051). The socket writes it, the dialog reads
 * it with useSyncExternalStore: the socket lives outside React (client/app/use-realtime.ts).
 */
export function createRingStore() {
  let current: TCallRing | null = null;
  const listeners = new Set<Listener>();
  const set = (next: TCallRing | null) => {
    current = next;
    listeners.forEach((l) => l());
  };
  return {
    get: () => current,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    ring: (ring: TCallRing) => set(ring),
    /** Stops the ring of this room (answered elsewhere, declined, missed, the caller left). */
    stop(room: string) {
      if (current?.room === room) set(null);
    },
  };
}

export type RingStore = ReturnType<typeof createRingStore>;

/** The page's one store: every socket binding and the dialog share it. */
export const ringStore = createRingStore();
