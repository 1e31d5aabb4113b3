import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#server/test/harness';
import { actor, as, makeCourse } from '#server/features/courses/testing/course-fixtures';
import { employer, makeJob } from '#server/features/jobs/testing/job-fixtures';
import { listedTalent, makeGig } from '#server/features/talent/testing/gig-fixtures';

/**
 * A list that a typo found (nothing matched as typed, decision 056) pages on with the typo: page 2
 * by number and the next page by cursor are the rest of that list, not empty (decision 097, where
 * the web client's "Next" started to follow the cursor).
 */
let h: Harness;
const TITLES = ['Becoming a data analyst in Lagos', 'The analyst toolkit for Abuja', 'Junior analyst, Kano'];

beforeAll(async () => {
  h = await createHarness();
  const tutor = await actor(h, 'tutor');
  const admin = (await actor(h, 'admin')).user;
  const boss = await employer(h);
  const poster = await actor(h);
  for (const title of TITLES) {
    await makeCourse(h, tutor.user, { admin, input: { title } });
    await makeJob(h, boss, { title, skills: [] });
    await makeGig(h, poster.user, 'open', { input: { title } });
    await listedTalent(h, { headline: title, skills: [], rate: 500_000 });
  }
});
afterAll(() => h.close());

const LISTS = {
  courses: ['/api/courses', 'courses'],
  jobs: ['/api/jobs', 'jobs'],
  gigs: ['/api/talent/gigs', 'gigs'],
  talent: ['/api/talent', 'talents'],
} as const;

describe.each(Object.keys(LISTS) as Array<keyof typeof LISTS>)('%s: a list found by a typo', (list) => {
  const [path, field] = LISTS[list];
  const get = async (query: string) => {
    const res = await as(h, null)('GET', `${path}?q=analist&pageSize=1&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const rows = body[field] as Array<{ id?: string; user?: { id: string } }>;
    return {
      ids: rows.map((r) => r.id ?? r.user!.id),
      total: body.total as number,
      next: body.nextCursor as string | null,
    };
  };

  it('pages on by number and by cursor through every match, each once', async () => {
    const first = await get('page=1');
    expect(first).toMatchObject({ total: 3, ids: [expect.any(String)] });
    const byNumber = [first.ids[0], (await get('page=2')).ids[0], (await get('page=3')).ids[0]];
    const byCursor = [...first.ids];
    for (let next = first.next; next;) {
      const page = await get(`cursor=${encodeURIComponent(next)}`);
      expect(page.total).toBe(3);
      byCursor.push(...page.ids);
      next = page.next;
    }
    expect(new Set(byNumber).size).toBe(3);
    expect(byCursor).toEqual(byNumber);
  });
});
