import { PgDialect } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { searchDocument, searchMatch, searchRank, searchSource } from '#server/db/search';
import { searchText, SEARCH_TEXT_MAX } from './search';

const dialect = new PgDialect();
const text = (s: ReturnType<typeof sql>) => dialect.sqlToQuery(s);

describe('searchText', () => {
  it('tidies the words and keeps nothing without a letter or a digit', () => {
    expect(searchText('  node.js   basics ')).toBe('node.js basics');
    expect(searchText('Yorùbá')).toBe('Yorùbá');
    for (const empty of [undefined, null, '', '   ', '()', '-- &&']) expect(searchText(empty)).toBeNull();
    expect(searchText('x'.repeat(500))).toHaveLength(SEARCH_TEXT_MAX);
  });
});

describe('search SQL', () => {
  it('builds a weighted document from the parts', () => {
    expect(
      text(
        searchDocument([
          ['title', 'A'],
          ['summary', 'B'],
        ]),
      ).sql,
    ).toBe(`search_document(title, 'A') || search_document(summary, 'B')`);
  });

  it('parses the words once, in FROM, as a parameter', () => {
    const { source, alias } = searchSource(sql.placeholder('text'));
    expect(text(source).sql).toBe(
      '(select search_query($1) as query, immutable_unaccent(lower($2)) as words offset 0) as search',
    );
    expect(text(searchRank(sql.raw('v'), alias)).sql).toBe('ts_rank(v, search.query)');
  });

  it('matches the words, or a close title for typos', () => {
    const { alias } = searchSource('x');
    expect(text(searchMatch(sql.raw('v'), alias)).sql).toBe('v @@ search.query');
  });
});
