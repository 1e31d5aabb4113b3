import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/vite-precompress';
import { createHarness, type Harness } from '../test/harness';
import { COMPRESS_THRESHOLD } from './compression';

/** A built client as Vite leaves it, precompressed by the same step the build runs. */
const clientDir = mkdtempSync(join(tmpdir(), 'blet-client-'));
const entry = `console.log(${JSON.stringify('the entry script '.repeat(400))});\n`;
const html = `<!doctype html><html><head><script type="module" src="/assets/index-AbC123.js"></script></head><body>${'<div id="root"></div>'.repeat(60)}</body></html>`;
mkdirSync(join(clientDir, 'assets'));
writeFileSync(join(clientDir, 'assets', 'index-AbC123.js'), entry);
writeFileSync(join(clientDir, 'index.html'), html);

let h: Harness;
beforeAll(async () => {
  precompressDir(clientDir);
  h = await createHarness({
    clientDir,
    routes(app) {
      app.get('/api/test-json/large', async () => ({
        items: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Course ${i}` })),
      }));
      app.get('/api/test-json/small', async () => ({ ok: true }));
    },
  });
});
afterAll(async () => {
  await h.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => h.app.inject({ method: 'GET', url, headers });

describe('built assets', () => {
  it('sends the entry script brotli-encoded when accepted, with a year-long immutable cache', async () => {
    const res = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(entry);
    // The file the build wrote, not compressed again per request.
    expect(res.rawPayload.equals(readFileSync(join(clientDir, 'assets', 'index-AbC123.js.br')))).toBe(true);
  });

  it('sends gzip to a client that accepts only gzip, and the plain file to one that accepts neither', async () => {
    const gz = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(readFileSync(join(clientDir, 'assets', 'index-AbC123.js.gz')))).toBe(true);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(entry);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const plain = await get('/assets/index-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(entry);
  });

  it('keeps index.html fresh (no-cache, never immutable), at the root and at deep links', async () => {
    for (const url of ['/', '/index.html', '/courses/some/deep/link']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      const body = brotliDecompressSync(res.rawPayload).toString();
      // The app's pages carry their own head (decision 055): the file itself is sent as built.
      if (url === '/index.html') expect(body).toBe(html);
      else expect(body.replace(/\s*<title>[\s\S]*<\/head>/, '</head>')).toBe(html);
    }
  });
});

describe('JSON answers', () => {
  it(`compresses a JSON answer above ${COMPRESS_THRESHOLD} bytes, as the client accepts`, async () => {
    const br = await get('/api/test-json/large', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString()).items).toHaveLength(200);
    const gz = await get('/api/test-json/large', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString()).items).toHaveLength(200);
  });

  it('leaves a small answer, and any answer to a client that accepts no encoding, as it is', async () => {
    const small = await get('/api/test-json/small', { 'accept-encoding': 'gzip, br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
    const plain = await get('/api/test-json/large');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().items).toHaveLength(200);
  });
});
