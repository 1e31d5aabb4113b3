import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text that compresses; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|map)$/;
/** Below about one TCP packet compression saves no round trip. */
const MIN_BYTES = 1024;

/** Writes `<file>.br` and `<file>.gz` beside every compressible file under `dir`, at the highest levels. */
export function precompressDir(dir: string): Array<{ file: string; raw: number; br: number; gz: number }> {
  const written: Array<{ file: string; raw: number; br: number; gz: number }> = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      written.push(...precompressDir(path));
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
    const raw = readFileSync(path);
    if (raw.length < MIN_BYTES) continue;
    const br = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    const gz = gzipSync(raw, { level: constants.Z_BEST_COMPRESSION });
    writeFileSync(`${path}.br`, br);
    writeFileSync(`${path}.gz`, gz);
    written.push({ file: path, raw: raw.length, br: br.length, gz: gz.length });
  }
  return written;
}

/**
 * Compresses the build once, at the highest levels, so that the server sends ready .br and .gz
 * files (@fastify/static's `preCompressed`) and never compresses an asset per request.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'blet-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    // After the PWA plugin has written sw.js: the worker (23 KB) was compressed per request, at a
    // lower level, 1 KB heavier on every first visit (decision 086).
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const files = precompressDir(outDir);
        const sum = (k: 'raw' | 'br' | 'gz') => Math.round(files.reduce((n, f) => n + f[k], 0) / 1024);
        this.info(
          `precompressed ${files.length} files: ${sum('raw')} KB, ${sum('br')} KB brotli, ${sum('gz')} KB gzip`,
        );
      },
    },
  };
}
