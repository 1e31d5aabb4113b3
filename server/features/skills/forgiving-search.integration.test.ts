import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogin, buildUser, createHarness, type Harness } from '#server/test/harness';
import { actor, as } from '#server/features/courses/testing/course-fixtures';
import { rowId, SEARCHED_LISTS, seedEachList, type SearchedList } from './testing/searched-lists';

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
  const keys = Object.keys(TITLES) as Key[];
  const seeded = await seedEachList(h, Object.values(TITLES));
  seeded.forEach((row, i) => {
    for (const list of Object.keys(row) as SearchedList[]) ids[list][row[list]] = keys[i]!;
  });
});
afterAll(() => h.close());

async function found(list: SearchedList, q: string): Promise<Key[]> {
  const [path, field] = SEARCHED_LISTS[list];
  const res = await as(h, null)('GET', `${path}?q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  const rows = res.json()[field] as Array<{ id?: string; user?: { id: string } }>;
  return rows.map((r) => ids[list][rowId(r)] ?? (r.id as Key));
}

describe.each(Object.keys(SEARCHED_LISTS) as Array<SearchedList>)('%s search forgives', (list) => {
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

  it('corrects to a skill a member proposes, and no longer to a word its last skill dropped (migration 0045)', async () => {
    const member = await actor(h);
    expect(await parse('search_query_typos', 'zanzibarolgy')).not.toContain('zanzibarology');
    const proposed = await as(h, member)('POST', '/api/skills', { name: 'Zanzibarology mapping' });
    expect(proposed.statusCode, proposed.body).toBe(201);
    expect(await parse('search_query_typos', 'zanzibarolgy')).toContain(`'zanzibarology'`);

    // No route renames or deletes a skill today; the trigger keeps the vocabulary exact when one does.
    const { db } = h.app.database;
    await db.execute(sql`update skills set name = 'zanzibar charts' where name = 'zanzibarology mapping'`);
    expect(await parse('search_query_typos', 'zanzibarolgy')).not.toContain('zanzibarology');
    expect(await parse('search_query_typos', 'zanzibr')).toContain(`'zanzibar'`);
    await db.execute(sql`delete from skills where name = 'zanzibar charts'`);
    expect(await parse('search_query_typos', 'zanzibr')).not.toContain(`'zanzibar'`);
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
