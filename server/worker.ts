import { buildApp } from './app';
import { createLogs, type AppLogs } from './lib/logger';
import { closeOnSignals, loadProcessConfig } from './lib/process-lifecycle';

let logs: AppLogs | undefined;

/**
 * `npm run worker`: a process that only takes background jobs, to add beside app processes
 * started with JOBS_WORKER=false. It builds the same app (the same services and handlers) and
 * listens on no port.
 */
async function main() {
  const config = loadProcessConfig();
  if (!config.databaseUrl) {
    // PGlite is one process's database: there, the app's in-process worker takes the jobs.
    console.error(
      'npm run worker needs DATABASE_URL (PostgreSQL): with the embedded database, the app process runs the jobs itself.',
    );
    process.exit(1);
  }
  logs = createLogs({ level: config.logLevel });
  const app = await buildApp({ config: { ...config, jobsWorker: true, clientDir: undefined }, logger: logs.logger });
  closeOnSignals(app, 'jobs', logs, config.shutdown);
  await app.ready();
  app.log.info('Build. Learn. Earn. Thrive. worker is taking background jobs');
}

main().catch(async (err) => {
  console.error(err);
  await logs?.close();
  process.exit(1);
});
