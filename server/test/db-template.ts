/**
 * Vitest global setup of the integration project (decision 030): the migrations run ONCE per run,
 * into a template every test file's database is then copied from, instead of being replayed by
 * each file (PGlite's start, its initdb and the migrations were most of a file's setup).
 *
 * - PGlite: the migrated data folder is dumped to a file; each file's PGlite starts from it
 *   (`loadDataDir`, no initdb), as PGlite's own `clone()` does.
 * - PostgreSQL (TEST_DATABASE_URL): a migrated database each file's is created from
 *   (`create database … template …`).
 *
 * The template is named in the environment the test workers inherit; test-db.ts falls back to
 * migrating from scratch without it (a file run outside this project, a child process). Each
 * file's database is still its own and still migrated (a no-op on a copy of the template).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../db/client';

export const PGLITE_TEMPLATE_ENV = 'TEST_PGLITE_TEMPLATE';
export const PG_TEMPLATE_ENV = 'TEST_DATABASE_TEMPLATE';

export default async function setup(): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) return postgresTemplate(serverUrl);
  return pgliteTemplate();
}

async function pgliteTemplate(): Promise<() => Promise<void>> {
  const database = await openDatabase({});
  try {
    await database.migrate();
    const dump = await database.pglite!.dumpDataDir('none');
    const dir = mkdtempSync(join(tmpdir(), 'blet-pglite-template-'));
    const file = join(dir, 'pgdata.tar');
    writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
    process.env[PGLITE_TEMPLATE_ENV] = file;
    return async () => {
      delete process.env[PGLITE_TEMPLATE_ENV];
      rmSync(dir, { recursive: true, force: true });
    };
  } finally {
    await database.close();
  }
}

async function postgresTemplate(serverUrl: string): Promise<() => Promise<void>> {
  const name = `t_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  try {
    await database.migrate();
  } catch (err) {
    await database.close();
    await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    throw err;
  }
  // No session may stay on a template while databases are created from it: not this one, and no
  // autovacuum worker either (it skips databases that take no connections).
  await database.close();
  await adminQuery(serverUrl, `alter database ${name} with is_template true allow_connections false`);
  process.env[PG_TEMPLATE_ENV] = name;
  return async () => {
    delete process.env[PG_TEMPLATE_ENV];
    await adminQuery(serverUrl, `alter database ${name} with is_template false`);
    await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
  };
}

export async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}
