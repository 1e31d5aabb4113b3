import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#server/test/harness';
import { as } from '#server/features/courses/testing/course-fixtures';
import { rowId, SEARCHED_LISTS, seedEachList, type SearchedList } from './testing/searched-lists';

/**
 * A list that a typo found (nothing matched as typed, decision 056) pages on with the typo: page 2
 * by number and the next page by cursor are the rest of that list, not empty (decision 097, where
 * the web client's "Next" started to follow the cursor).
 */
let h: Harness;
const TITLES = ['Becoming a data analyst in Lagos', 'The analyst toolkit for Abuja', 'Junior analyst, Kano'];

beforeAll(async () => {
  h = await createHarness();
  await seedEachList(h, TITLES);
});
afterAll(() => h.close());

describe.each(Object.keys(SEARCHED_LISTS) as SearchedList[])('%s: a list found by a typo', (list) => {
  const [path, field] = SEARCHED_LISTS[list];
  const get = async (query: string) => {
    const res = await as(h, null)('GET', `${path}?q=analist&pageSize=1&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const rows = body[field] as Array<{ id?: string; user?: { id: string } }>;
    return {
      ids: rows.map(rowId),
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
