import type { Logger } from 'drizzle-orm';
import type { Db } from '#server/db/client';

export interface SqlCounter {
  /** Statements since the last reset. */
  readonly count: number;
  /** The statements themselves, when `keep` was asked for (to see which ones ran). */
  readonly statements: string[];
  reset(): void;
  /** The statements `fn` sends, with their parameters as the driver gets them (to replay them bare). */
  capture(fn: () => Promise<unknown>): Promise<CapturedSql[]>;
}

export interface CapturedSql {
  query: string;
  params: unknown[];
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
  let capturing: CapturedSql[] | null = null;
  const logger: Logger = {
    logQuery(query, params) {
      count++;
      if (opts.keep) statements.push(query);
      capturing?.push({ query, params });
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
    async capture(fn) {
      const captured: CapturedSql[] = [];
      capturing = captured;
      try {
        await fn();
      } finally {
        capturing = null;
      }
      return captured;
    },
  };
}
