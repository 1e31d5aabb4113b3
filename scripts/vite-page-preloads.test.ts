import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { routeModules } from './vite-page-preloads';

const ROUTER = fileURLToPath(new URL('../client/app/router.tsx', import.meta.url));
const routes = routeModules(readFileSync(ROUTER, 'utf8'), ROUTER);
const find = (path: string) => {
  const route = routes.find((r) => r.path === path);
  if (!route) throw new Error(`no route ${path}`);
  return { ...route, modules: route.modules.map((m) => m.replace(/^.*\/client\//, '')) };
};

/** The app's own route table, read as the build reads it (decision 086). */
describe('routeModules', () => {
  it('finds each page and the screen its lazy route imports, inline or through a const', () => {
    expect(find('/auth')).toMatchObject({ members: false, modules: ['features/auth/components/auth-page.tsx'] });
    expect(find('/chat/:conversationId').modules).toEqual(['features/chat/components/chat-page.tsx']);
    expect(find('*').modules).toEqual(['app/pages/not-found-page.tsx']);
  });

  it('marks the pages behind RequireUser, and not the open ones beside them', () => {
    expect(find('/courses')).toMatchObject({
      members: true,
      modules: ['features/courses/components/catalogue-page.tsx'],
    });
    expect(find('/').members).toBe(true);
    expect(find('/jobs/:jobId').members).toBe(false);
  });

  it("joins nested paths and keeps the layout's screen before the page's; an index route is its layout's path", () => {
    expect(find('/admin/dashboard/members').modules).toEqual([
      'app/pages/admin-dashboard-page.tsx',
      'features/admin/components/members-page.tsx',
    ]);
    expect(find('/admin/dashboard').modules).toEqual([
      'app/pages/admin-dashboard-page.tsx',
      'features/admin/components/overview-page.tsx',
    ]);
  });

  it('skips routes without a screen of their own (redirects)', () => {
    expect(routes.some((r) => r.path === '/courses/:courseId')).toBe(false);
  });
});
