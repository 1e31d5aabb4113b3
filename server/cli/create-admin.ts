import { parseArgs } from 'node:util';
import { loadConfig } from '../env';
import { buildPlatform } from '../app';

/** npm run admin:create -- --email a@b.ng --password '...' : creates (or updates) an admin. */
const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' } } });
if (!values.email || !values.password || values.password.length < 10) {
  console.error('Usage: npm run admin:create -- --email admin@example.com --password "at least 10 characters"');
  process.exit(2);
}
// Jobs it causes wait in the queue for the app's worker.
const { app, services } = await buildPlatform({ config: { ...loadConfig(), logLevel: 'warn', jobsWorker: false } });
const admin = await services.accounts.upsertAdmin(values.email, values.password);
console.log(`Admin ready: ${admin.email} (username ${admin.username}). Sign in at /admin.`);
await app.close();
