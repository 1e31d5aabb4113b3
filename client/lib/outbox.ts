import { isTransientError, serverMessage } from './api-client';

/**
 * A write made while the network was away (decision 074): kept on the device and sent, in the
 * order made, when the network is back. Its id is the write's own idempotency key (a chat
 * message's clientId), so a send whose answer was lost is not stored twice by a second try.
 */
export interface QueuedWrite {
  id: string;
  userId: string;
  kind: 'chat' | 'progress' | 'quiz';
  /** What the write belongs to (a conversation, a lesson), for the screen that shows it. */
  scope: string;
  /** POSTed as it is, with `body` as JSON. */
  path: string;
  body: unknown;
  /** What the screen shows while the write waits (a chat attachment's name and size), never sent. */
  meta?: unknown;
  /**
   * Sent with `queuedMs`, how long it waited on the device: a lesson report, which the server
   * dates by its own clock less that (a phone's clock may be wrong; the time it measures is not).
   */
  dated?: boolean;
  createdAt: number;
  /** The server's sentence, when it refused the write for good (a blocked member, a refunded course). */
  refused?: string;
}

export interface OutboxStorage {
  all(): Promise<QueuedWrite[]>;
  put(write: QueuedWrite): Promise<void>;
  remove(id: string): Promise<void>;
}

/** Kept in memory only: for tests, and browsers without IndexedDB. */
export function memoryStorage(initial: QueuedWrite[] = []): OutboxStorage & { map: Map<string, QueuedWrite> } {
  const map = new Map(initial.map((w) => [w.id, w]));
  return {
    map,
    all: async () => [...map.values()],
    put: async (w) => void map.set(w.id, w),
    remove: async (id) => void map.delete(id),
  };
}

/** The body as it leaves: a dated write says how long it has waited. */
export function bodyToSend(write: QueuedWrite, now = Date.now()): unknown {
  if (!write.dated) return write.body;
  return { ...(write.body as object), queuedMs: Math.max(0, Math.round(now - write.createdAt)) };
}

export type SendWrite = (write: QueuedWrite) => Promise<unknown>;
export type SentListener = (write: QueuedWrite, answer: unknown) => void;

/** A 4xx is the server's last word on a write; its `error` sentence is what the member reads. */
function refusal(err: unknown): string | undefined {
  if (isTransientError(err)) return undefined;
  return serverMessage(err) ?? (err instanceof Error ? err.message : 'Not sent');
}

export function createOutbox(storage: OutboxStorage, send: SendWrite, isOnline: () => boolean = () => true) {
  let writes: QueuedWrite[] = [];
  let sending: string | undefined;
  const changes = new Set<() => void>();
  const sent = new Set<SentListener>();
  let running: Promise<void> | undefined;
  let again = false;
  let snapshot = { writes, sending };

  function changed() {
    snapshot = { writes, sending };
    for (const l of changes) l();
  }

  // What an earlier page kept shows as soon as it is read.
  const loaded = storage.all().then((all) => {
    const known = new Set(writes.map((w) => w.id));
    writes = [...all.filter((w) => !known.has(w.id)), ...writes].sort((a, b) => a.createdAt - b.createdAt);
    changed();
  });

  async function drain(userId: string) {
    await loaded;
    for (;;) {
      const next = writes.find((w) => w.userId === userId && !w.refused);
      if (!next || !isOnline()) return;
      sending = next.id;
      changed();
      try {
        const answer = await send(next);
        writes = writes.filter((w) => w.id !== next.id);
        await storage.remove(next.id);
        for (const l of sent) l(next, answer);
      } catch (err) {
        const sentence = refusal(err);
        // The network failed again: the rest wait for the next chance, in order.
        if (sentence === undefined) return;
        const refused = { ...next, refused: sentence };
        writes = writes.map((w) => (w.id === next.id ? refused : w));
        await storage.put(refused);
      } finally {
        sending = undefined;
        changed();
      }
    }
  }

  const outbox = {
    /** Sends what waits for this member; one run at a time, so no write goes twice from this page. */
    flush(userId: string): Promise<void> {
      // Asked during a run (the network came back while it was ending): one more run follows.
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        do {
          again = false;
          await drain(userId);
        } while (again);
      })().finally(() => {
        running = undefined;
      });
      return running;
    },
    /** `createdAt` when the write was made earlier (a report whose send failed on a bad network). */
    async add(write: Omit<QueuedWrite, 'createdAt'> & { createdAt?: number }) {
      const queued = { ...write, createdAt: write.createdAt ?? Date.now() };
      writes = [...writes, queued].sort((a, b) => a.createdAt - b.createdAt);
      changed();
      await storage.put(queued);
      void outbox.flush(write.userId);
    },
    /** Tries a refused write again, as it was (same id). */
    async retry(id: string) {
      const write = writes.find((w) => w.id === id);
      if (!write) return;
      const again = { ...write, refused: undefined };
      writes = writes.map((w) => (w.id === id ? again : w));
      changed();
      await storage.put(again);
      void outbox.flush(write.userId);
    },
    async discard(id: string) {
      writes = writes.filter((w) => w.id !== id);
      changed();
      await storage.remove(id);
    },
    /** Logout or account deletion: the member's waiting writes leave the device with them. */
    async drop(userId: string | undefined) {
      await loaded;
      const gone = writes.filter((w) => !userId || w.userId === userId);
      writes = writes.filter((w) => !gone.includes(w));
      changed();
      await Promise.all(gone.map((w) => storage.remove(w.id)));
    },
    /** For useSyncExternalStore: the same object until something changes. */
    snapshot: () => snapshot,
    subscribe(listener: () => void) {
      changes.add(listener);
      return () => changes.delete(listener);
    },
    onSent(listener: SentListener) {
      sent.add(listener);
      return () => sent.delete(listener);
    },
  };
  return outbox;
}

export type Outbox = ReturnType<typeof createOutbox>;
