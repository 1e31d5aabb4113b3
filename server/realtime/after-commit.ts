import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../db/client';

type Callback = () => void;

/** The callbacks waiting on each open transaction opened by `transaction()` below. */
const pending = new WeakMap<object, Callback[]>();

/**
 * Runs `fn` in a transaction (a savepoint when `db` is already one) and, once the outermost
 * transaction has committed, the callbacks queued with `afterCommit`. A rollback anywhere
 * drops the callbacks of what it rolled back: no event ever announces data that is not there.
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
 * Runs `callback` once `db`'s work is durable: at once outside a transaction, after the commit
 * inside one. A transaction not opened by `transaction()` cannot be watched, so it is refused
 * loudly rather than emitting early.
 */
export function afterCommit(db: DbOrTx, callback: Callback): void {
  const queue = pending.get(db);
  if (queue) {
    queue.push(callback);
    return;
  }
  if (db instanceof PgTransaction) {
    throw new Error('afterCommit needs a transaction opened with transaction() from server/realtime/after-commit.ts');
  }
  runAll([callback]);
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
