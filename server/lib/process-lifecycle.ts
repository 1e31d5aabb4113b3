import { existsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { ConfigError, loadConfig, type Config, type ShutdownConfig } from '../env';
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
 * The way out: readiness answers 503 at once, so that balancers send no new work; the process
 * still serves for `delayMs` while they notice (SHUTDOWN_DELAY_MS; 0 by default, since nginx
 * retries a refused connection on another node), then closes. Closing refuses new connections
 * and answers 503 on open ones, lets requests in flight finish, closes the sockets (their
 * clients reconnect, through the balancer, to another node) and lets running jobs finish.
 */
export async function drainAndClose(app: FastifyInstance, { delayMs }: Pick<ShutdownConfig, 'delayMs'>) {
  app.readiness.drain();
  if (delayMs > 0) await sleep(delayMs);
  await app.close();
}

/**
 * SIGTERM and SIGINT drain and close the app, then the logs (every queued line written), then
 * the process exits; if that takes longer than SHUTDOWN_TIMEOUT_MS it exits anyway, with code 1.
 */
export function closeOnSignals(app: FastifyInstance, what: string, logs: AppLogs, shutdown: ShutdownConfig) {
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing ${what} in flight, then closing`);
    // Unreferenced: a process that closed in time exits without waiting for it.
    setTimeout(() => {
      app.log.error(`${signal}: still closing after SHUTDOWN_TIMEOUT_MS (${shutdown.timeoutMs} ms); exiting now`);
      void logs.close().finally(() => process.exit(1));
    }, shutdown.timeoutMs).unref();
    let code = 0;
    try {
      await drainAndClose(app, shutdown);
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
