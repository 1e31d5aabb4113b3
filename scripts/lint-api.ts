/**
 * `npm run lint:api`: the OpenAPI document exactly as GET /api/docs/json serves it, built without
 * a listening server (on a throwaway PGlite), linted by Redocly's recommended rules (redocly.yaml).
 * Exits non-zero on any error; warnings are printed and pass (decision 066).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildPlatform } from '#server/app';
import { loadConfig } from '#server/env';

const dir = mkdtempSync(join(tmpdir(), 'blet-api-lint-'));
try {
  const config = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, LOG_LEVEL: 'silent' }),
    jobsWorker: false,
    clientDir: undefined,
  };
  const { app } = await buildPlatform({ config, logger: false });
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  await app.close();
  if (res.statusCode !== 200) throw new Error(`GET /api/docs/json answered ${res.statusCode}`);
  const file = join(dir, 'openapi.json');
  // Indented, so that each problem's line and column point somewhere readable.
  writeFileSync(file, JSON.stringify(res.json(), null, 2));
  // `redocly` is on the PATH that npm run gives its scripts (node_modules/.bin).
  const lint = spawnSync('redocly', ['lint', file, '--config', 'redocly.yaml', '--max-problems', '1000'], {
    stdio: 'inherit',
  });
  if (lint.error) throw new Error(`redocly did not run (${lint.error.message}): run this as \`npm run lint:api\``);
  process.exitCode = lint.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
