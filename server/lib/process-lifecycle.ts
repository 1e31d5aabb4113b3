import { existsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig, type Config } from '../env';
import type { AppLogs } from './logger';

/** The settings of a server process (app or worker), or a one-line reason and exit code 1. */
export function loadProcessConfig(): Config {
  // A .env beside package.json, if any; variables already in the environment win.
  if (existsSync('.env')) process.loadEnvFile('.env');
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

/**
 * SIGTERM and SIGINT close the app (requests and jobs in flight finish), then the logs (every
 * queued line written), then the process exits.
 */
export function closeOnSignals(app: FastifyInstance, what: string, logs: AppLogs) {
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing ${what} in flight, then closing`);
    let code = 0;
    try {
      await app.close();
    } catch (err) {
      app.log.error({ err }, 'error while closing');
      code = 1;
    }
    await logs.close();
    process.exit(code);
  };
  process.on('SIGTERM', () => void close('SIGTERM'));
  process.on('SIGINT', () => void close('SIGINT'));
}
