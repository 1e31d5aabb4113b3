import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness';
import { answerKind } from './security';

const clientDir = mkdtempSync(join(tmpdir(), 'blet-security-'));
writeFileSync(join(clientDir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ clientDir });
});
afterAll(async () => {
  await h.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string) => h.app.inject({ method: 'GET', url });
const allows = (policy: unknown, feature: string) => String(policy).includes(`${feature}=(self)`);

describe('Permissions-Policy (issue 25)', () => {
  it('lets only the call page use the camera, microphone and screen', async () => {
    const call = await get('/video-call?room=0d7b6a4e-8f1e-4a39-9b43-2f5d3c1a7e10');
    expect(call.statusCode).toBe(200);
    for (const feature of ['camera', 'microphone', 'display-capture'])
      expect(allows(call.headers['permissions-policy'], feature)).toBe(true);

    for (const url of ['/', '/chat', '/video-callx', '/jobs/abc?next=/video-call']) {
      const res = await get(url);
      expect(res.headers['permissions-policy'], url).toMatch(/camera=\(\), microphone=\(\), display-capture=\(\)/);
    }
  });

  it('refuses place, payment and USB everywhere, the call page included', async () => {
    for (const url of ['/', '/video-call']) {
      const policy = String((await get(url)).headers['permissions-policy']);
      expect(policy).toMatch(/geolocation=\(\)/);
      expect(policy).toMatch(/payment=\(\)/);
      expect(policy).toMatch(/usb=\(\)/);
    }
  });
});

describe('the API docs page keeps its own policy to itself', () => {
  it('answers the app with the strict policy and the docs with theirs, which loads nothing from elsewhere', async () => {
    const app = String((await get('/')).headers['content-security-policy']);
    expect(app).toMatch(/script-src 'self'(;|$)/);
    expect(app).toMatch(/style-src 'self' 'unsafe-inline';/);

    const docs = await get('/api/docs/');
    expect(docs.statusCode).toBe(200);
    const policy = String(docs.headers['content-security-policy']);
    expect(policy).toMatch(/script-src 'self'/);
    expect(policy).not.toMatch(/https:|validator\.swagger\.io/);
    expect(policy).toMatch(/frame-ancestors 'none'/);
  });
});

describe('headers by kind of answer (decision 081)', () => {
  it('sends pages the whole set, JSON a short policy that forbids framing and loading, assets only what guards them', async () => {
    const page = await get('/chat');
    for (const header of [
      'content-security-policy',
      'cross-origin-opener-policy',
      'referrer-policy',
      'permissions-policy',
    ])
      expect(page.headers[header], header).toBeDefined();

    const api = await get('/api/health');
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers['x-frame-options']).toBe('DENY');
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(api.headers['permissions-policy']).toBeUndefined();
    // An unknown API path and a refused one are JSON too.
    expect((await get('/api/nothing-here')).headers['content-security-policy']).toMatch(/default-src 'none'/);

    const asset = await get('/assets/missing-chunk.js');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(asset.headers['content-security-policy']).toBeUndefined();
    // The shell's unhashed files too (decision 083); the worker's script keeps a worker's policy.
    for (const url of ['/manifest.webmanifest?__WB_REVISION__=1', '/icons/icon-192.png'])
      expect(answerKind(url), url).toBe('asset');
    expect(answerKind('/sw.js')).toBe('worker');
    // A worker's own policies come from its script's headers (decision 086); a page's do not apply.
    const worker = await get('/sw.js');
    expect(worker.headers['content-security-policy']).toBe(page.headers['content-security-policy']);
    expect(worker.headers['referrer-policy']).toBe('no-referrer');
    expect(worker.headers['x-content-type-options']).toBe('nosniff');
    for (const header of ['cross-origin-opener-policy', 'permissions-policy', 'x-frame-options'])
      expect(worker.headers[header], header).toBeUndefined();
    expect(answerKind('/manifest.webmanifest.map')).toBe('document');

    // The API docs are a page with scripts of their own.
    expect((await get('/api/docs/')).headers['content-security-policy']).toMatch(/script-src 'self'/);
  });
});
