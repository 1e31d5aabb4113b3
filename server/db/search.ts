import { sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import { customType } from 'drizzle-orm/pg-core';

/**
 * One search for every list people search (courses, jobs, talent, mentors): accents folded,
 * every word matched as its English stem or as the start of a word, and a trigram fallback for
 * typos. The SQL functions it calls are created by migration 0008_search_custom; decision 024
 * says how another feature adopts it. The typed text is tidied first by searchText
 * (server/lib/search/search.ts).
 */

/**
 * The generated column's expression: weighted parts ('A' above 'B' above 'C'), each folded and
 * split as the query is. Use in `tsvector(...).generatedAlwaysAs(() => searchDocument(...))`.
 */
/** A stored search document's column type (drizzle has none built in). */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export function searchDocument(parts: Array<[column: string, weight: 'A' | 'B' | 'C' | 'D']>): SQL {
  return sql.raw(parts.map(([column, weight]) => `search_document(${column}, '${weight}')`).join(' || '));
}

/** The name the query's parsed forms go by in the statement. */
export interface SearchAlias {
  /** The tsquery. */
  query: SQL;
  /** The words folded for trigram comparison. */
  words: SQL;
}

/**
 * How the words match: `prefixes`, each as its English stem or as the start of a word (what a
 * person half-way through typing needs); `exact`, each as its English stem only (or as written,
 * for a stop word), which the GIN index answers without reading each match's document again: a
 * list that runs it first and `prefixes` only when it found nothing answers common words at
 * about half the cost (decision 024, second pass).
 */
export type SearchWords = 'prefixes' | 'exact' | 'typos';

/**
 * Each mode's parser (migrations 0008, 0012, 0029). All read a word as the skills it is a synonym
 * of too (js → JavaScript); `typos`, for the last try of a list, also as the vocabulary's words
 * within a typo of it (exel → excel), decision 056.
 */
const PARSERS: Record<SearchWords, string> = {
  prefixes: 'search_query',
  exact: 'search_query_exact',
  typos: 'search_query_typos',
};

/**
 * The typed words parsed once per statement, in FROM, and referred to by `alias`: written in
 * WHERE, a prepared (generic) plan would parse them again for every row.
 */
export function searchSource(
  text: string | Placeholder,
  name = 'search',
  words: SearchWords = 'prefixes',
): { source: SQL; cte: SQL; ref: SQL; alias: SearchAlias } {
  const alias = { query: sql.raw(`${name}.query`), words: sql.raw(`${name}.words`) };
  const parse = sql.raw(PARSERS[words]);
  return {
    // OFFSET 0 keeps the subquery a subquery: pulled up, a generic plan would call search_query() per row.
    source: sql`(select ${parse}(${text}) as query, immutable_unaccent(lower(${text})) as words offset 0) as ${sql.raw(name)}`,
    /**
     * The same as a materialized CTE, for a statement that scans the list several times
     * (server/db/paging.ts): a subquery on the inner side of a nested loop is run again for
     * every row (seen on PGlite, whose tables have no statistics), a CTE once. FROM names `ref`.
     */
    cte: sql`${sql.raw(name)} as materialized (select ${parse}(${text}) as query, immutable_unaccent(lower(${text})) as words)`,
    ref: sql.raw(name),
    alias,
  };
}

/** The folded form of a short text column, as the trigram index is built on it. */
export const foldedText = (column: AnyColumn | SQL): SQL => sql`immutable_unaccent(lower(${column}))`;

/**
 * Matches: every word in the document, or (for typos) the typed words close enough to a word
 * run of `fuzzy`, a short text such as a title, with a trigram index on foldedText(fuzzy).
 */
export function searchMatch(vector: AnyColumn | SQL, alias: SearchAlias, fuzzy?: AnyColumn): SQL {
  const exact = sql`${vector} @@ ${alias.query}`;
  return fuzzy ? sql`(${exact} or ${alias.words} <% ${foldedText(fuzzy)})` : exact;
}

/**
 * The last try, when the words matched nothing: the words read with their typos corrected from
 * the vocabulary (a source parsed as `typos`), or a title within a typo of them.
 */
export const typoMatch = (vector: AnyColumn | SQL, alias: SearchAlias, fuzzy: AnyColumn): SQL =>
  sql`(${vector} @@ ${alias.query} or ${alias.words} <% ${foldedText(fuzzy)})`;

/**
 * Relevance: the text rank for word matches; typo matches (rank 0) come after them. Computing
 * a trigram score for every word match as well would cost more than it tells.
 */
export function searchRank(vector: AnyColumn | SQL, alias: SearchAlias): SQL<number> {
  return sql<number>`ts_rank(${vector}, ${alias.query})`;
}
