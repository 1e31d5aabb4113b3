import { describe, expect, it } from 'vitest';
import { pagePreloadTags } from './page-preloads';

const tags = pagePreloadTags([
  { path: '/auth', members: false, files: ['/assets/auth.js'] },
  { path: '/', members: true, files: ['/assets/home.js'] },
  { path: '/courses/student', members: true, files: ['/assets/student.js'] },
  { path: '/courses/:courseId', members: true, files: ['/assets/redirect.js'] },
  { path: '/jobs/:jobId', members: false, files: ['/assets/job.js', '/assets/apply.js'] },
  { path: '*', members: false, files: ['/assets/not-found.js'] },
]);
const files = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);

describe('pagePreloadTags', () => {
  it('picks the route react-router would: a static segment before a parameter, anything else the catch-all', () => {
    expect(files(tags('/courses/student', true))).toEqual(['/assets/student.js']);
    expect(files(tags('/courses/abc-123', true))).toEqual(['/assets/redirect.js']);
    expect(files(tags('/courses/abc-123/', true))).toEqual(['/assets/redirect.js']);
    expect(files(tags('/', true))).toEqual(['/assets/home.js']);
    expect(files(tags('/no/such/page', true))).toEqual(['/assets/not-found.js']);
  });

  it("gives a visitor the sign-in page's chunks for a members' page, and an open page's own", () => {
    expect(files(tags('/', false))).toEqual(['/assets/auth.js']);
    expect(files(tags('/jobs/42', false))).toEqual(['/assets/job.js', '/assets/apply.js']);
  });

  it('writes module preloads the way Vite writes the entry’s', () => {
    expect(tags('/auth', false)).toBe('<link rel="modulepreload" crossorigin href="/assets/auth.js">');
  });

  it('names nothing without the build’s list', () => {
    expect(pagePreloadTags([])('/auth', false)).toBe('');
  });
});
