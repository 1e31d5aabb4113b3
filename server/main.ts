import { buildApp } from './app';
import { ensureBootstrapAdmin } from './cli/bootstrap-admin';
import { closeOnSignals, loadProcessConfig } from './lib/process-lifecycle';

async function main() {
  const config = loadProcessConfig();
  const app = await buildApp({ config });
  await ensureBootstrapAdmin(app, config);
  closeOnSignals(app, 'requests');
  await app.listen({ port: config.port, host: config.host });
  const jobs = config.jobsWorker ? 'in this process' : 'in worker processes';
  const uploads = config.s3 ? `bucket ${config.s3.bucket}` : 'disk';
  app.log.info(
    `Build. Learn. Earn. Thrive. is serving ${config.appUrl} (database: ${app.database.driver}, payments: ${config.payments.gateway} gateway, jobs: ${jobs}, uploads: ${uploads})`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
