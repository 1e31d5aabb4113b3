// The first visit's JavaScript budget (decision 012): the entry script and every module it preloads,
// read from the built index.html, so a new shared import cannot hide in a chunk nobody listed.
import { existsSync, readFileSync } from 'node:fs';

const html = 'dist/client/index.html';
if (!existsSync(html)) throw new Error(`${html} is missing: run npm run build first.`);
const page = readFileSync(html, 'utf8');
const scripts = [
  ...page.matchAll(/<(?:script type="module"[^>]*\ssrc|link rel="modulepreload"[^>]*\shref)="\/([^"]+\.js)"/g),
].map((m) => `dist/client/${m[1]}`);

export default [{ name: 'entry script and its preloads', path: scripts, gzip: true, limit: '125 KiB' }];
