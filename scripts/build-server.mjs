// Bundles the server's entry points into dist/server with esbuild (decision 067): our TypeScript
// (server and shared, the #server/#shared aliases resolved) becomes one file per entry, while every
// package stays an import of node_modules, so PGlite's WebAssembly, sharp's and argon2's native
// binaries and pino's worker threads load from their own folders as they do under tsx.
// `node scripts/build-server.mjs [outdir]`; the default outdir is dist/server.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { build } from 'esbuild';

const outdir = process.argv[2] ?? 'dist/server';
const entries = {
  main: 'server/main.ts',
  worker: 'server/worker.ts',
  migrate: 'server/cli/migrate.ts',
  'create-admin': 'server/cli/create-admin.ts',
};

rmSync(outdir, { recursive: true, force: true });
const { metafile } = await build({
  entryPoints: Object.entries(entries).map(([out, file]) => ({ in: file, out })),
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  tsconfig: 'tsconfig.server.json',
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
});

// Every package the bundle imports must be a production dependency: a development one would be
// missing where only those are installed (`npm ci --omit=dev`, the container image).
const { dependencies } = JSON.parse(readFileSync('package.json', 'utf8'));
const builtins = new Set(builtinModules);
const packageOf = (path) =>
  path
    .split('/')
    .slice(0, path.startsWith('@') ? 2 : 1)
    .join('/');
const missing = new Set(
  Object.values(metafile.outputs)
    .flatMap((output) => output.imports)
    .filter((i) => i.external && !i.path.startsWith('node:') && !builtins.has(packageOf(i.path)))
    .map((i) => packageOf(i.path))
    .filter((name) => !(name in dependencies)),
);
if (missing.size > 0) {
  console.error(`The server imports packages that are not production dependencies: ${[...missing].join(', ')}`);
  process.exit(1);
}

// Read at run time from beside the bundle (server/db/client.ts).
cpSync('server/db/migrations', `${outdir}/migrations`, { recursive: true });
