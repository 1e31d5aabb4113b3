import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { ZCoursesQuery } from '#shared/courses/courses.schemas';
import { parameterise, planSearch, searchFrom, searchRank, searchWhere, sortKeys } from './course-search.repo';

const dialect = new PgDialect();
const plan = (q: Record<string, unknown>) => planSearch(ZCoursesQuery.parse(q));

describe('planSearch', () => {
  it('ranks by relevance when there are words, and by newest otherwise', () => {
    expect(plan({ q: 'excel' }).sort).toBe('relevance');
    expect(plan({}).sort).toBe('newest');
    expect(plan({ q: '   ' })).toMatchObject({ text: null, sort: 'newest' });
    expect(plan({ sort: 'relevance' }).sort).toBe('newest');
    expect(plan({ q: 'excel', sort: 'price_asc' }).sort).toBe('price_asc');
  });

  it('tidies the words and turns pages into an offset', () => {
    expect(plan({ q: '  data   science ', page: '3', pageSize: '10' })).toMatchObject({
      text: 'data science',
      limit: 10,
      offset: 20,
    });
  });
});

describe('parameterise', () => {
  it('gives plans that differ only in values one statement, and the values as parameters', () => {
    const a = parameterise(plan({ q: 'excel', category: 'data', page: '2' }));
    const b = parameterise(plan({ q: 'python', category: 'software' }));
    expect(a.key).toBe(b.key);
    expect(a.params).toEqual({ text: 'excel', category: 'data', limit: 20, offset: 20 });
    expect(dialect.sqlToQuery(searchFrom(a.shape).with!).params).toEqual([
      expect.objectContaining({ name: 'text' }),
      expect.objectContaining({ name: 'text' }),
    ]);
    expect(dialect.sqlToQuery(searchWhere(a.shape)).params).toEqual([
      'published',
      expect.objectContaining({ name: 'category' }),
    ]);
  });

  it('gives another statement for another sort, filter set or price', () => {
    const keys = [
      {},
      { sort: 'rating' },
      { level: 'advanced' },
      { price: 'free' },
      { price: 'paid' },
      { q: 'excel' },
    ].map((q) => parameterise(plan(q)).key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('search SQL', () => {
  it('always keeps to published courses and sends the words as a parameter, parsed once', () => {
    const words = plan({ q: "o'reilly -- drop table" });
    const source = dialect.sqlToQuery(searchFrom(words).with!);
    expect(source).toMatchObject({
      sql: `search as materialized (select search_query_exact($1) as query, immutable_unaccent(lower($2)) as words)`,
      params: ["o'reilly -- drop table", "o'reilly -- drop table"],
    });
    // The second try, when the words as typed found nothing: as the starts of words.
    expect(dialect.sqlToQuery(searchFrom({ ...words, prefixes: true }).with!).sql).toBe(
      `search as materialized (select search_query($1) as query, immutable_unaccent(lower($2)) as words)`,
    );
    const q = dialect.sqlToQuery(searchWhere(words));
    expect(q.sql).toBe(`("courses"."status" = $1 and "courses"."search_vector" @@ search.query)`);
    expect(q.params).toEqual(['published']);
    expect(searchFrom(plan({})).with).toBeUndefined();
    expect(dialect.sqlToQuery(searchFrom(words).from).sql).toBe('"courses" cross join search');
    // The last try: the words with typos corrected from the vocabulary, or a title a typo away.
    expect(dialect.sqlToQuery(searchFrom({ ...words, fuzzy: true }).with!).sql).toBe(
      `search as materialized (select search_query_typos($1) as query, immutable_unaccent(lower($2)) as words)`,
    );
    expect(dialect.sqlToQuery(searchWhere({ ...words, fuzzy: true })).sql).toBe(
      `("courses"."status" = $1 and ("courses"."search_vector" @@ search.query or search.words <% immutable_unaccent(lower("courses"."title"))))`,
    );
  });

  it('adds one condition per filter', () => {
    const q = dialect.sqlToQuery(
      searchWhere(plan({ category: 'data', level: 'beginner', language: 'yo', price: 'paid' })),
    );
    expect(q.params).toEqual(['published', 'data', 'beginner', 'yo', 0]);
    expect(q.sql).toContain(`"courses"."price_minor" > $5`);
    expect(dialect.sqlToQuery(searchWhere(plan({ price: 'free' }))).sql).toContain(`"courses"."price_minor" = $2`);
  });

  it('ranks only when there are words', () => {
    expect(dialect.sqlToQuery(searchRank(plan({}))).sql).toBe('0::real');
    expect(dialect.sqlToQuery(searchRank(plan({ q: 'excel' }))).sql).toBe(
      'ts_rank("courses"."search_vector", search.query)',
    );
  });

  it('ranks the candidates by relevance, pages rating and price off their columns, walks newest', () => {
    const rank = searchRank(plan({ q: 'excel' }));
    const keys = (sort: Parameters<typeof sortKeys>[0]) => {
      const k = sortKeys(sort, rank);
      return {
        rank: k.rank?.map((r) => `${dialect.sqlToQuery(r.value).sql} ${r.dir}`) ?? null,
        other: k.other?.map((o) => dialect.sqlToQuery(o).sql),
      };
    };
    expect(keys('newest')).toEqual({ rank: null, other: undefined });
    expect(keys('relevance')).toEqual({
      rank: ['ts_rank("courses"."search_vector", search.query) desc'],
      other: undefined,
    });
    expect(keys('rating')).toEqual({
      rank: null,
      other: ['"courses"."rating_average" desc nulls last', '"courses"."rating_count" desc'],
    });
    expect(keys('price_asc').other).toEqual(['"courses"."price_minor" asc']);
    expect(keys('price_desc').other).toEqual(['"courses"."price_minor" desc']);
  });

  it('gives a cursor inside the candidates and one past them their own statements, the keys as parameters', () => {
    const top: [string, string] = ['2026-11-28T10:00:00.000000Z', '00000000-0000-4000-8000-000000000001'];
    const within = parameterise({ ...plan({ q: 'excel' }), cursor: { top, n: 20 } });
    const after = parameterise({ ...plan({ q: 'excel' }), cursor: { top, n: 1_020, after: top } });
    expect(new Set([parameterise(plan({ q: 'excel' })).key, within.key, after.key]).size).toBe(3);
    expect(within.params).toMatchObject({ cursorTopAt: top[0], cursorTopId: top[1], cursorN: 20 });
    expect(after.params).toMatchObject({ cursorAfterAt: top[0], cursorAfterId: top[1], cursorN: 1_020 });
  });
});
