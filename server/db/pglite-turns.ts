import type { PGlite } from '@electric-sql/pglite';

const fair = new WeakSet<PGlite>();
/** Calls each PGlite has taken and not yet answered: one runs, the rest wait their turn. */
const pending = new WeakMap<PGlite, { calls: number }>();

/** Resolves after the event loop has polled for I/O once (setImmediate runs after the poll phase). */
const afterPoll = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Makes a PGlite take requests in turn. PGlite runs each statement synchronously in WebAssembly,
 * and a statement's promise settles in microtasks, which Node drains after every I/O callback:
 * so a request read from one socket ran all its statements before the event loop read the next
 * socket, and which socket came next was up to epoll. Under 20 connections at 100k jobs a few
 * requests waited 4 s while most took 0.6 s (bench: p99/p50 ≈ 8). Waiting for one I/O poll
 * before each statement lets every request that has arrived queue first, so PGlite's FIFO lock
 * serves them in arrival order, one statement each in turn. Statements inside a transaction go
 * through the transaction's own handle and do not wait.
 */
export function takeTurns(client: PGlite): PGlite {
  if (fair.has(client)) return client;
  fair.add(client);
  const count = { calls: 0 };
  pending.set(client, count);
  /** Counted from the call to its answer; a transaction's statements count as the one call. */
  const counted = async <T>(run: () => Promise<T>): Promise<T> => {
    count.calls++;
    try {
      return await run();
    } finally {
      count.calls--;
    }
  };
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<PGlite['query']>) =>
    counted(async () => {
      await afterPoll();
      return query(...args);
    })) as PGlite['query'];
  client.exec = (...args: Parameters<PGlite['exec']>) =>
    counted(async () => {
      await afterPoll();
      return exec(...args);
    });
  client.transaction = ((...args: Parameters<PGlite['transaction']>) =>
    counted(async () => {
      await afterPoll();
      return transaction(...args);
    })) as PGlite['transaction'];
  return client;
}

/** PGlite's one connection as a pool: in use while a call runs, the other calls waiting for it. */
export function turnsOf(client: PGlite): { inUse: number; waiting: number } {
  const calls = pending.get(client)?.calls ?? 0;
  return { inUse: Math.min(calls, 1), waiting: Math.max(calls - 1, 0) };
}
