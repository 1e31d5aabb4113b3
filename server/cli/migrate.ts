import { openDatabase } from '../db/client';
import { loadProcessConfig } from '../lib/process-lifecycle';

/**
 * `npm run migrate`: applies the migrations and exits, the release step before new app processes
 * start with MIGRATE_ON_START=false. It takes the same lock as processes that migrate at start, so
 * it is safe beside them (decision 067).
 */
const config = loadProcessConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/pglite` });
try {
  await database.migrate();
  console.log(`The database is migrated (${database.driver}).`);
} finally {
  await database.close();
}
