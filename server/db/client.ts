import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { takeTurns, turnsOf } from './pglite-turns';
import * as schema from './schema';

/**
 * Both drivers expose the same query builder; the node-postgres type stands for both so that
 * repositories are written once.
 */
export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle, accepted wherever a repository takes a `Db`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** What the job queue connects with: the PostgreSQL URL, or the one PGlite it shares. */
  url?: string;
  pglite?: PGlite;
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  /** Connections running a query, and queries waiting for one (the metrics). */
  pool(): { inUse: number; waiting: number };
  close(): Promise<void>;
}

/**
 * The contrib extensions the migrations create (PostgreSQL ships them in its contrib package):
 * accent-folding and typo-tolerant search, and exclusion constraints over ranges (bookings).
 */
export const pgliteExtensions = { btree_gist, pg_trgm, unaccent };

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface DatabaseOptions {
  /** A PostgreSQL URL; without it the embedded PGlite is used. */
  url?: string;
  /** PGlite's folder; undefined keeps it in memory (tests). */
  dataDir?: string;
  /** An already-open PGlite (a test clone). */
  pglite?: PGlite;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    const db = drizzlePg(pool, { schema });
    return {
      db,
      driver: 'postgres',
      url: opts.url,
      migrate: () => migratePg(db, { migrationsFolder }),
      ping: () => ping(db),
      pool: () => ({ inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
      // Twice is no error, as for PGlite: a test closes the pool under the app to see readiness fail.
      close: async () => {
        if (!pool.ended) await pool.end();
      },
    };
  }
  let client = opts.pglite;
  if (!client) {
    if (opts.dataDir) mkdirSync(dirname(opts.dataDir), { recursive: true });
    client = await PGlite.create(opts.dataDir ?? 'memory://', { extensions: pgliteExtensions });
  }
  takeTurns(client);
  const pgliteDb = drizzlePglite(client, { schema });
  const db = pgliteDb as unknown as Db;
  const owned = client;
  return {
    db,
    driver: 'pglite',
    pglite: client,
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    ping: () => ping(db),
    pool: () => turnsOf(owned),
    close: async () => {
      if (!owned.closed) await owned.close();
    },
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
