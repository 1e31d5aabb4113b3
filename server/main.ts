import { buildPlatform } from './app';
import { ensureBootstrapAdmin } from './cli/bootstrap-admin';
import { createLogs, type AppLogs } from './lib/logger';
import { closeOnSignals, loadProcessConfig } from './lib/process-lifecycle';

/** Closed last on every way out, so that no queued log line is lost. */
let logs: AppLogs | undefined;

async function main() {
  const config = loadProcessConfig();
  logs = createLogs({ level: config.logLevel });
  const { app, services } = await buildPlatform({ config, logger: logs.logger });
  await ensureBootstrapAdmin(app, services.accounts, config);
  closeOnSignals(app, 'requests', logs, config.shutdown);
  await app.listen({ port: config.port, host: config.host });
  const jobs = config.jobsWorker ? 'in this process' : 'in worker processes';
  const uploads = config.s3 ? `bucket ${config.s3.bucket}` : 'disk';
  app.log.info(
    `Build. Learn. Earn. Thrive. is serving ${config.appUrl} (database: ${app.database.driver}, payments: ${config.payments.gateway} gateway, jobs: ${jobs}, uploads: ${uploads})`,
  );
}

main().catch(async (err) => {
  console.error(err);
  await logs?.close();
  process.exit(1);
});
