import type { Logger } from 'drizzle-orm';
import type { Db } from '../server/db/client';

export interface SqlCounter {
  /** Statements since the last reset. */
  readonly count: number;
  /** The statements themselves, when `keep` was asked for (to see which ones ran). */
  readonly statements: string[];
  reset(): void;
}

/**
 * Counts every SQL statement drizzle sends on `db`, in and out of transactions, through
 * drizzle's own Logger interface. openDatabase() takes no logger, so the counter is set on the
 * live session (and on the options that transactions copy it from); it works the same on
 * PGlite and node-postgres. For benchmarks and tests, not for production code.
 */
export function countSql(db: Db, opts: { keep?: boolean } = {}): SqlCounter {
  let count = 0;
  const statements: string[] = [];
  const logger: Logger = {
    logQuery(query) {
      count++;
      if (opts.keep) statements.push(query);
    },
  };
  const session = (db as unknown as { session: { logger: Logger; options: { logger?: Logger } } }).session;
  session.logger = logger;
  session.options.logger = logger;
  return {
    get count() {
      return count;
    },
    statements,
    reset() {
      count = 0;
      statements.length = 0;
    },
  };
}
