import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogin, buildUser, createHarness, type Harness } from '#server/test/harness';
import { actor, as, makeCourse } from '#server/features/courses/testing/course-fixtures';
import { employer, makeJob } from '#server/features/jobs/testing/job-fixtures';
import { listedTalent, makeGig } from '#server/features/talent/testing/gig-fixtures';

/**
 * Decision 056: every list people search reads a word as the skills it names (js → JavaScript)
 * and, when nothing matched, as the vocabulary's words within a typo of it (exel, analist).
 */
let h: Harness;
const TITLES = {
  js: 'JavaScript from zero to your first app',
  excel: 'Excel dashboards for small shops',
  analyst: 'Becoming a data analyst in Lagos',
} as const;
type Key = keyof typeof TITLES;
const ids: Record<'courses' | 'jobs' | 'gigs' | 'talent', Record<string, Key>> = {
  courses: {},
  jobs: {},
  gigs: {},
  talent: {},
};

beforeAll(async () => {
  h = await createHarness();
  const tutor = await actor(h, 'tutor');
  const admin = (await actor(h, 'admin')).user;
  const boss = await employer(h);
  const poster = await actor(h);
  for (const [key, title] of Object.entries(TITLES) as Array<[Key, string]>) {
    ids.courses[(await makeCourse(h, tutor.user, { admin, input: { title } })).id] = key;
    ids.jobs[(await makeJob(h, boss, { title, skills: [] })).id] = key;
    ids.gigs[(await makeGig(h, poster.user, 'open', { input: { title } })).id] = key;
    ids.talent[(await listedTalent(h, { headline: title, skills: [], rate: 500_000 })).user.id] = key;
  }
});
afterAll(() => h.close());

const LISTS = {
  courses: ['/api/courses', 'courses'],
  jobs: ['/api/jobs', 'jobs'],
  gigs: ['/api/talent/gigs', 'gigs'],
  talent: ['/api/talent', 'talents'],
} as const;

async function found(list: keyof typeof LISTS, q: string): Promise<Key[]> {
  const [path, field] = LISTS[list];
  const res = await as(h, null)('GET', `${path}?q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  const rows = res.json()[field] as Array<{ id?: string; user?: { id: string } }>;
  return rows.map((r) => ids[list][r.id ?? r.user?.id ?? ''] ?? (r.id as Key));
}

describe.each(Object.keys(LISTS) as Array<keyof typeof LISTS>)('%s search forgives', (list) => {
  it('reads a synonym from the skills vocabulary: js finds JavaScript', async () => {
    expect(await found(list, 'js')).toEqual(['js']);
  });

  it('corrects typos from the vocabulary when the words found nothing', async () => {
    expect(await found(list, 'exel')).toEqual(['excel']);
    expect(await found(list, 'analist')).toEqual(['analyst']);
  });

  it('keeps whole words exact: a word found as typed is not widened by typos', async () => {
    expect(await found(list, 'excel')).toEqual(['excel']);
  });
});

describe('the parsers (migration 0029)', () => {
  const parse = async (fn: 'search_query' | 'search_query_exact' | 'search_query_typos', text: string) => {
    const { rows } = await h.app.database.db.execute<{ q: string }>(sql`select ${sql.raw(fn)}(${text})::text as q`);
    return rows[0]!.q;
  };

  it('adds the skills a word is a synonym of, every word of a name required', async () => {
    expect(await parse('search_query_exact', 'excel')).toBe(`'excel' | 'microsoft' & 'excel'`);
    expect(await parse('search_query', 'js')).toContain(`'javascript':*`);
    expect(await parse('search_query_exact', 'cooking')).toBe(`'cook' | 'cater'`); // catering's synonym
  });

  it('corrects typos only in the typos parser, and never a word under four letters', async () => {
    expect(await parse('search_query', 'exel')).toBe(`'exel' | 'exel':*`);
    expect(await parse('search_query_typos', 'exel')).toContain(`'excel'`);
    expect(await parse('search_query_typos', 'analist')).toContain(`'analyst'`);
    expect(await parse('search_query_typos', 'jav')).toBe(`'jav' | 'jav':*`);
  });
});

describe('admin member search', () => {
  it('folds diacritics on both sides', async () => {
    const admin = await buildUser(h, { role: 'admin' });
    const cookie = await adminLogin(h, admin.email);
    const olamide = await buildUser(h, { fullName: 'Ọlámídé Ṣàngó-Ẹ̀kọ́' });
    const search = async (q: string) => {
      const res = await h.app.inject({
        method: 'GET',
        url: `/api/admin/users?q=${encodeURIComponent(q)}`,
        headers: { cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().users as Array<{ id: string }>).map((u) => u.id);
    };
    expect(await search('olamide')).toEqual([olamide.id]);
    expect(await search('sango-eko')).toEqual([olamide.id]);
    expect(await search('Ọlámídé')).toEqual([olamide.id]);
  });
});
