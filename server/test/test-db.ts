import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, pgliteExtensions, type Database } from '../db/client';
import { adminQuery, PG_TEMPLATE_ENV, PGLITE_TEMPLATE_ENV } from './db-template';

/**
 * A migrated database of the test file's own: in-memory PGlite by default; with
 * TEST_DATABASE_URL a fresh database on that PostgreSQL server, dropped at the end.
 * Under the integration project both start as a copy of the run's migrated template
 * (db-template.ts); the migrations then find nothing left to do.
 */
export async function openTestDatabase(): Promise<Database & { drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const template = process.env[PGLITE_TEMPLATE_ENV];
    const pglite = template
      ? await PGlite.create({ loadDataDir: new Blob([readFileSync(template)]), extensions: pgliteExtensions })
      : undefined;
    const database = await openDatabase({ pglite });
    await database.migrate();
    return { ...database, drop: () => database.close() };
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  const template = process.env[PG_TEMPLATE_ENV];
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  // A commit does not wait for its WAL to reach the disk: what other sessions see is the same,
  // only a crash of the server could lose the last commits of a database dropped at the end.
  await admin.query(`alter database ${name} set synchronous_commit = off`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  // The forced drop below can reach an idle connection the pool is still closing; the pool
  // re-emits its FATAL "terminating connection", expected then, not a failure of the test file.
  (database.db as unknown as { $client: pg.Pool }).$client.on('error', () => undefined);
  await database.migrate();
  return {
    ...database,
    async drop() {
      await database.close();
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** An empty database on the TEST_DATABASE_URL server (no migrations, no template), for tests of start-up itself. */
export async function createEmptyDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_empty_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`) };
}
