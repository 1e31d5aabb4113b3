import type { AddressInfo } from 'node:net';
import { buildPlatform } from '#server/app';
import { loadConfig } from '#server/env';
import { registerTestRealtime } from './test-realtime';

/**
 * A second app process for the multi-process realtime tests. Its settings come as one JSON
 * argument (DATABASE_URL, REDIS_URL, APP_URL); with `--test-realtime` it also has the test
 * room kind and client events. It prints its port as one JSON line and stops when its parent
 * closes stdin.
 */
const settings = JSON.parse(process.argv[2] ?? '{}') as Record<string, string>;
const config = {
  ...loadConfig({ ...settings, DATA_DIR: '/tmp/blet-test-peer', LOG_LEVEL: 'silent', JOBS_WORKER: 'false' }),
  clientDir: undefined,
};
const { app, services } = await buildPlatform({ config, logger: false });
if (process.argv.includes('--test-realtime')) registerTestRealtime(services.realtime);
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ port: (app.server.address() as AddressInfo).port })}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  void app.close().finally(() => process.exit(0));
});
