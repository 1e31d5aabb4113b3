import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness';

/** A built client with what vite-plugin-pwa writes beside it (decision 074). */
const clientDir = mkdtempSync(join(tmpdir(), 'blet-pwa-'));
const manifest = JSON.stringify({ name: 'Build. Learn. Earn. Thrive.', start_url: '/', display: 'standalone' });
mkdirSync(join(clientDir, 'assets'));
writeFileSync(join(clientDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
writeFileSync(join(clientDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
writeFileSync(join(clientDir, 'manifest.webmanifest'), manifest);

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ clientDir });
});
afterAll(async () => {
  await h.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string) => h.app.inject({ method: 'GET', url });

describe('service worker and manifest', () => {
  it('sends the worker as JavaScript, always revalidated, so a release is seen at the next visit', async () => {
    const res = await get('/sw.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('sends the manifest as a web app manifest', async () => {
    const res = await get('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toMatchObject({ display: 'standalone' });
  });

  it('answers a missing worker, manifest, chunk or icon with 404, never the app page', async () => {
    rmSync(join(clientDir, 'sw.js'));
    for (const url of ['/sw.js', '/workbox-1a2b3c.js', '/assets/gone-AbC123.js', '/icons/none.png']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).not.toMatch(/html/);
    }
    writeFileSync(join(clientDir, 'sw.js'), '');
    expect((await get('/courses/deep/link')).headers['content-type']).toMatch(/html/);
  });
});
