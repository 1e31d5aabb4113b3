// Runs before `npm start` (and `npm run worker`, `migrate`, `admin:create`): builds the web client and
// the server when their output in dist/ is missing or older than their sources, so a fresh clone
// needs only `npm ci && npm start`. Where the sources are absent (an image holding only dist/),
// there is nothing to build. `node scripts/ensure-build.mjs [client] [server]`: both by default.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const targets = {
  client: {
    output: 'dist/client/index.html',
    sources: [
      'client',
      'shared',
      'vite.config.ts',
      'scripts/vite-precompress.ts',
      'scripts/vite-pwa.ts',
      'package-lock.json',
    ],
    what: 'the web client',
    command: 'npx vite build --logLevel warn',
  },
  server: {
    output: 'dist/server/main.js',
    sources: [
      'server',
      'shared',
      'scripts/build-server.mjs',
      'tsconfig.server.json',
      'tsconfig.base.json',
      'package.json',
      'package-lock.json',
    ],
    what: 'the server',
    command: 'node scripts/build-server.mjs',
  },
};

function newest(path) {
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), 0);
}

const asked = process.argv.slice(2);
for (const name of asked.length > 0 ? asked : Object.keys(targets)) {
  const target = targets[name];
  if (!target) throw new Error(`ensure-build: no target "${name}" (client, server)`);
  const built = existsSync(target.output) ? statSync(target.output).mtimeMs : 0;
  const changed = Math.max(0, ...target.sources.filter(existsSync).map(newest));
  if (changed > built) {
    console.log(`Building ${target.what}…`);
    execSync(target.command, { stdio: 'inherit' });
  }
}
