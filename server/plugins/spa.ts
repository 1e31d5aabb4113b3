import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loadPagePreloads, pagePreloadTags, SESSION_PRELOAD } from './page-preloads';
import { SESSION_COOKIE } from './session';

/** Hashed file names change with their content: they may be kept for a year, unasked. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Files the app asks for by name: when one is missing it is a 404, never the page. A service
 * worker script answered with HTML would fail to register, and a chunk from an older release must
 * fail to load so the client reloads once (decision 074).
 */
const FILE_ONLY = /^\/(assets\/|sw\.js$|workbox-[\w-]+\.js$|manifest\.webmanifest$|icons\/)/;

/**
 * The Content-Security-Policy sources (`'sha256-…'`) that allow index.html's inline scripts, and
 * only them: the theme script that must run before the first paint (decision 086). Read from the
 * built page itself, so the policy and the page cannot disagree.
 */
export function inlineScriptHashes(clientDir: string | undefined): string[] {
  const indexFile = clientDir ? join(clientDir, 'index.html') : '';
  if (!indexFile || !existsSync(indexFile)) return [];
  return [...readFileSync(indexFile, 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, body]) => `'sha256-${createHash('sha256').update(body!).digest('base64')}'`,
  );
}

/**
 * Serves the built single-page app; any GET that is not an API call or a file gets index.html,
 * so deep links load the app. Unknown API paths answer a JSON 404. Files go out as the .br or
 * .gz the build wrote beside them (scripts/vite-precompress.ts) when the client accepts one.
 * index.html itself is read once and sent with the head of the page asked for (the share area's
 * `fillPage`: a job's title and Open Graph tags), so a shared link previews what it points to,
 * and the page's screen chunks to preload (decision 086), after the session's question for a
 * member (decision 089).
 */
export async function registerSpa(app: FastifyInstance, clientDir: string | undefined) {
  const indexFile = clientDir ? join(clientDir, 'index.html') : '';
  const hasClient = Boolean(clientDir && existsSync(indexFile));
  const indexHtml = hasClient ? readFileSync(indexFile, 'utf8') : '';
  const preloads = pagePreloadTags(hasClient ? loadPagePreloads(clientDir!) : []);

  // Always revalidated: a job closes, a course is hidden, and the next preview must say so.
  async function sendPage(path: string, request: FastifyRequest, reply: FastifyReply) {
    const filled = app.hasDecorator('fillPage') ? await app.fillPage(indexHtml, path) : indexHtml;
    const signedIn = Boolean(request.cookies[SESSION_COOKIE]);
    const html = filled.replace('</head>', `${signedIn ? SESSION_PRELOAD : ''}${preloads(path, signedIn)}</head>`);
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  }

  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir!,
      wildcard: true,
      index: false,
      preCompressed: true,
      // Hashed assets never change; index.html, the service worker and the manifest are always revalidated.
      setHeaders: (res, path) => {
        if (!path.includes('/assets/')) {
          res.header('cache-control', 'no-cache');
          return;
        }
        // Never revalidated and never fetched in parts: 90 bytes of validators on each of a first
        // visit's 30-odd scripts (decision 086).
        res.header('cache-control', IMMUTABLE);
        for (const name of ['etag', 'last-modified', 'accept-ranges']) res.removeHeader(name);
      },
    });
    // The wildcard file route refuses the directory "/" itself; the app's root is index.html.
    app.get('/', (request, reply) => sendPage('/', request, reply));
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    if (path.startsWith('/api/') || path === '/api' || request.method !== 'GET' || !hasClient || FILE_ONLY.test(path)) {
      return reply.status(404).send({ error: `No such endpoint: ${request.method} ${path}`, code: 'NOT_FOUND' });
    }
    return sendPage(path, request, reply);
  });
}
