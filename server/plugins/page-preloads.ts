import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One page of the client's route table and its screen's chunks (scripts/vite-page-preloads.ts writes them). */
export interface PagePreload {
  path: string;
  /** Behind the client's `RequireUser`: a visitor without a session is sent to /auth. */
  members: boolean;
  files: string[];
}

interface Compiled {
  pattern: RegExp;
  /** react-router's ranking, simplified: a static segment outranks a parameter, which outranks `*`. */
  score: number;
  page: PagePreload;
}

const AUTH_PAGE = '/auth';

/**
 * The first question every page's script asks (the user query's probe, client/features/accounts),
 * asked by the head instead, while the scripts download: a member's page renders nothing before
 * its answer, which otherwise left one round trip after the entry had run (decision 089). It
 * matches the script's `fetch` (same URL, GET, credentials included), so the browser hands that
 * call this response. Only with a session cookie: a visitor's pages do not wait for it, and /auth's
 * first visit keeps its bytes.
 */
export const SESSION_PRELOAD = '<link rel="preload" href="/api/session" as="fetch" crossorigin="use-credentials">';

function compile(page: PagePreload): Compiled {
  if (page.path === '*') return { pattern: /^/, score: -1, page };
  const segments = page.path.split('/').filter(Boolean);
  const source = segments.map((s) => (s.startsWith(':') ? '/[^/]+' : `/${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  return {
    pattern: new RegExp(`^${source.join('') || '/'}/?$`),
    score: segments.reduce((sum, s) => sum + (s.startsWith(':') ? 3 : 10), 1),
    page,
  };
}

/**
 * Each page's `<link rel="modulepreload">` tags: the screen's chunk and its static imports, so a
 * first visit downloads them with the entry, not one round trip after the entry has run
 * (decision 086). A visitor asking for a members' page gets /auth's, where the guard sends them.
 * Without the build's file (tests, `npm run dev`), pages get none.
 */
export function pagePreloadTags(pages: PagePreload[]): (path: string, signedIn: boolean) => string {
  const compiled = pages.map(compile).sort((a, b) => b.score - a.score);
  const tags = new Map(
    pages.map((p) => [p, p.files.map((f) => `<link rel="modulepreload" crossorigin href="${f}">`).join('')]),
  );
  const auth = compiled.find((c) => c.page.path === AUTH_PAGE)?.page;
  return (path, signedIn) => {
    const page = compiled.find((c) => c.pattern.test(path))?.page;
    if (!page) return '';
    return tags.get(page.members && !signedIn && auth ? auth : page)!;
  };
}

export function loadPagePreloads(clientDir: string): PagePreload[] {
  const file = join(clientDir, '.vite', 'page-preloads.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as PagePreload[]) : [];
}
