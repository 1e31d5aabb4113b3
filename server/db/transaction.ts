import type { DbOrTx, Tx } from './client';

type Callback = () => void;

/** The callbacks waiting on each open transaction opened by `transaction()` below. */
const pending = new WeakMap<object, Callback[]>();

/**
 * The one way to open a transaction (lint refuses `.transaction(` elsewhere). Runs `fn` in a
 * transaction (a savepoint when `db` is already one) and, once the outermost transaction has
 * committed, the callbacks queued with `afterCommit`. A rollback anywhere drops the callbacks of
 * what it rolled back: no event ever announces data that is not there.
 */
export async function transaction<T>(db: DbOrTx, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const queue: Callback[] = [];
  const result = await db.transaction(async (tx) => {
    pending.set(tx, queue);
    return fn(tx);
  });
  const parent = pending.get(db);
  if (parent) parent.push(...queue);
  else runAll(queue);
  return result;
}

/**
 * Runs `callback` once `db`'s work is durable: after the commit inside a transaction, at once
 * outside one. Every transaction is opened by `transaction()`, so a handle it does not know is
 * the database itself, never a transaction whose commit would go unwatched.
 */
export function afterCommit(db: DbOrTx, callback: Callback): void {
  const queue = pending.get(db);
  if (queue) queue.push(callback);
  else runAll([callback]);
}

/**
 * The data is committed whatever a callback does: one failing must neither stop the others nor
 * turn a successful request into an error. Callbacks log their own failures; this is the net.
 */
function runAll(queue: Callback[]) {
  for (const callback of queue) {
    try {
      callback();
    } catch (err) {
      process.emitWarning(err instanceof Error ? err : String(err), 'AfterCommitWarning');
    }
  }
}
