/**
 * `npm run docs:modules`: rewrites the module table of docs/ARCHITECTURE.md from the module list,
 * as the platform composes it (on a throwaway PGlite). `architecture-doc.integration.test.ts`
 * fails when the table and the code differ.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildPlatform } from '#server/app';
import { loadConfig } from '#server/env';
import { describeModules, withModuleTable } from '#server/platform/describe';

const dataDir = mkdtempSync(join(tmpdir(), 'blet-docs-'));
const config = {
  ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
  jobsWorker: false,
  clientDir: undefined,
};
const { app, composed } = await buildPlatform({ config, logger: false });
const path = 'docs/ARCHITECTURE.md';
writeFileSync(path, withModuleTable(readFileSync(path, 'utf8'), describeModules(composed)));
await app.close();
rmSync(dataDir, { recursive: true, force: true });
