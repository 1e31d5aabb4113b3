import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
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
  /** Fails, naming how many, when the database lacks migrations of this build (MIGRATE_ON_START=false). */
  requireMigrated(): Promise<void>;
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

// Beside this file in the sources; in the built server this file is part of dist/server/<entry>.js, and the
// build copies the migrations to dist/server/migrations (scripts/build-server.mjs).
const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** One fixed key for every process of the app: the ASCII of "bletmigr". */
const MIGRATIONS_LOCK_KEY = '7092155063927924594';

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
    const url = opts.url;
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    const db = drizzlePg(pool, { schema });
    return {
      db,
      driver: 'postgres',
      url,
      migrate: () => migratePostgres(url),
      requireMigrated: () => requireMigrated(db),
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
    requireMigrated: () => requireMigrated(db),
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

/**
 * Processes that start together on one database all migrate (decision 067): each takes one
 * session-level advisory lock first, on a connection of its own, so the first applies the
 * migrations while the others wait, then find nothing left to do. Ending the connection releases
 * the lock, also when a migration fails; a process that dies mid-migration loses its connection,
 * so its lock too.
 */
async function migratePostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`select pg_advisory_lock(${MIGRATIONS_LOCK_KEY})`);
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.end();
  }
}

/**
 * A process told not to migrate (a release step runs `npm run migrate`) must not serve on an older
 * schema, where every query of a new table would fail: it stops at start instead. Drizzle's
 * migrator applies the migrations newer than the last one recorded, and so does this count.
 */
async function requireMigrated(db: Db): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder });
  const recorded = await db.execute<{ present: boolean }>(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  const last = recorded.rows[0]?.present
    ? await db.execute<{ last: string }>(
        sql`select coalesce(max(created_at), 0)::text as last from drizzle.__drizzle_migrations`,
      )
    : undefined;
  const missing = migrations.filter((m) => m.folderMillis > Number(last?.rows[0]?.last ?? 0)).length;
  if (missing > 0) {
    throw new Error(
      `The database lacks ${missing} of this build's ${migrations.length} migrations and MIGRATE_ON_START is false: run npm run migrate first.`,
    );
  }
}
