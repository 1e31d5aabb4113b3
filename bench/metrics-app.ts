import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { buildPlatform } from '#server/app';
import { loadConfig } from '#server/env';

/**
 * One app process for the metrics bench: `tsx bench/metrics-app.ts '<settings as JSON>'`, on a
 * PGlite in the settings' DATA_DIR. It prints its port as one JSON line, answers each `cpu` line
 * on stdin with its CPU time so far (µs), and stops when its parent closes stdin.
 */
const settings = JSON.parse(process.argv[2] ?? '{}') as Record<string, string>;
const config = { ...loadConfig({ LOG_LEVEL: 'warn', ...settings }), clientDir: undefined };
const { app } = await buildPlatform({ config });
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ port: (app.server.address() as AddressInfo).port })}\n`);
const lines = createInterface({ input: process.stdin });
lines.on('line', () => {
  const { user, system } = process.cpuUsage();
  process.stdout.write(`${JSON.stringify({ cpuMicros: user + system })}\n`);
});
lines.on('close', () => {
  void app.close().finally(() => process.exit(0));
});
