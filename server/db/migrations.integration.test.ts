import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { onPostgres } from '../test/harness';
import { createEmptyDatabase, openTestDatabase } from '../test/test-db';
import { openDatabase } from './client';

const journal = JSON.parse(readFileSync('server/db/migrations/meta/_journal.json', 'utf8')) as { entries: unknown[] };

describe.skipIf(!onPostgres)('migrating one database from several processes at once', () => {
  it('lets three migrations of an empty database start together: all succeed, each migration is applied once', async () => {
    const empty = await createEmptyDatabase(process.env.TEST_DATABASE_URL!);
    const databases = await Promise.all([1, 2, 3].map(() => openDatabase({ url: empty.url })));
    try {
      // Each migrate() is a connection of its own, as each app process's is.
      await Promise.all(databases.map((d) => d.migrate()));
      const applied = await databases[0]!.db.execute<{ n: number }>(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(applied.rows[0]!.n).toBe(journal.entries.length);
    } finally {
      await Promise.all(databases.map((d) => d.close()));
      await empty.drop();
    }
  });
});

describe('a process that does not migrate at start (MIGRATE_ON_START=false)', () => {
  const all = journal.entries.length;
  const refusal = (missing: number) =>
    `The database lacks ${missing} of this build's ${all} migrations and MIGRATE_ON_START is false: run npm run migrate first.`;

  it('accepts a migrated database, and refuses one that lacks migrations, naming how many', async () => {
    const database = await openTestDatabase();
    try {
      await expect(database.requireMigrated()).resolves.toBeUndefined();
      await database.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
      await expect(database.requireMigrated()).rejects.toThrow(refusal(1));
      // What an empty database looks like to the check: no record of any migration.
      await database.db.execute(sql`drop schema drizzle cascade`);
      await expect(database.requireMigrated()).rejects.toThrow(refusal(all));
    } finally {
      await database.drop();
    }
  });
});
