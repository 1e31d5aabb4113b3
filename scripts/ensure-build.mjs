// Runs before `npm start`: builds the client when dist/ is missing or older than its sources,
// so a fresh clone needs only `npm ci && npm start`.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const output = 'dist/client/index.html';
const sources = ['client', 'shared', 'vite.config.ts', 'scripts/vite-precompress.ts', 'package-lock.json'];

function newest(path) {
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), 0);
}

const built = existsSync(output) ? statSync(output).mtimeMs : 0;
const changed = Math.max(...sources.filter(existsSync).map(newest));
if (changed > built) {
  console.log('Building the web client…');
  execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
}
