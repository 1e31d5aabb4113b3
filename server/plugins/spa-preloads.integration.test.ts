import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness';

/** A built client as the build writes it: an inline theme script, and each page's screen chunks (decision 086). */
const clientDir = mkdtempSync(join(tmpdir(), 'blet-preloads-'));
const THEME_SCRIPT = "document.documentElement.classList.add('dark');";
mkdirSync(join(clientDir, 'assets'));
mkdirSync(join(clientDir, '.vite'));
writeFileSync(
  join(clientDir, 'index.html'),
  `<!doctype html><html><head><script>${THEME_SCRIPT}</script></head><body></body></html>`,
);
writeFileSync(join(clientDir, 'assets', 'auth-page-A1.js'), 'export {};');
writeFileSync(
  join(clientDir, '.vite', 'page-preloads.json'),
  JSON.stringify([
    { path: '/auth', members: false, files: ['/assets/auth-page-A1.js', '/assets/input-B2.js'] },
    { path: '/courses', members: true, files: ['/assets/catalogue-page-C3.js'] },
    { path: '*', members: false, files: ['/assets/not-found-page-D4.js'] },
  ]),
);

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ clientDir });
});
afterAll(async () => {
  await h.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const page = async (url: string, cookie?: string) =>
  (await h.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })).body;
const preloaded = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

describe('page heads', () => {
  it("name the page's screen chunks, so they download with the entry", async () => {
    expect(preloaded(await page('/auth'))).toEqual(['/assets/auth-page-A1.js', '/assets/input-B2.js']);
    expect(preloaded(await page('/nowhere/at-all'))).toEqual(['/assets/not-found-page-D4.js']);
  });

  it("give a visitor asking for a members' page the sign-in page's chunks, where the guard sends them", async () => {
    expect(preloaded(await page('/courses'))).toEqual(['/assets/auth-page-A1.js', '/assets/input-B2.js']);
    expect(preloaded(await page('/courses', 'sid=someone'))).toEqual(['/assets/catalogue-page-C3.js']);
  });

  it("ask a member's session in the head, before the screen's chunks, as the client's fetch asks it (decision 089)", async () => {
    const head = await page('/courses', 'sid=someone');
    const tag = '<link rel="preload" href="/api/session" as="fetch" crossorigin="use-credentials">';
    expect(head).toContain(`${tag}<link rel="modulepreload" crossorigin href="/assets/catalogue-page-C3.js">`);
    expect(head.split(tag)).toHaveLength(2);
    // A visitor's pages do not wait for it, and /auth's first visit keeps its bytes.
    expect(await page('/auth')).not.toContain('/api/session');
    expect(await page('/courses')).not.toContain('/api/session');
  });

  it("allow index.html's inline script by its hash, and no other inline script", async () => {
    const res = await h.app.inject({ method: 'GET', url: '/auth' });
    const hash = createHash('sha256').update(THEME_SCRIPT).digest('base64');
    const scripts = /script-src [^;]*/.exec(String(res.headers['content-security-policy']))?.[0];
    expect(scripts).toBe(`script-src 'self' 'sha256-${hash}'`);
  });

  it('send hashed assets without validators: they are never revalidated', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/assets/auth-page-A1.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const name of ['etag', 'last-modified', 'accept-ranges']) expect(res.headers[name], name).toBeUndefined();
  });
});
