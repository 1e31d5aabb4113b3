import { existsSync } from 'node:fs';
import { buildApp } from './app';
import { createLogs, type AppLogs } from './lib/logger';
import { ConfigError, loadConfig } from './env';
import { ensureBootstrapAdmin } from './cli/bootstrap-admin';

/** Closed last on every way out, so that no queued log line is lost. */
let logs: AppLogs | undefined;

async function main() {
  // A .env beside package.json, if any; variables already in the environment win.
  if (existsSync('.env')) process.loadEnvFile('.env');
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  logs = createLogs({ level: config.logLevel });
  const app = await buildApp({ config, logger: logs.logger });
  const appLogs = logs;
  await ensureBootstrapAdmin(app, config);

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing requests in flight, then closing`);
    let code = 0;
    try {
      await app.close();
    } catch (err) {
      app.log.error({ err }, 'error while closing');
      code = 1;
    }
    // Every queued log line is written before the process ends.
    await appLogs.close();
    process.exit(code);
  };
  process.on('SIGTERM', () => void close('SIGTERM'));
  process.on('SIGINT', () => void close('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Build. Learn. Earn. Thrive. is serving ${config.appUrl} (database: ${app.database.driver}, payments: ${config.payments.gateway} gateway)`);
}

main().catch(async (err) => {
  console.error(err);
  await logs?.close();
  process.exit(1);
});
