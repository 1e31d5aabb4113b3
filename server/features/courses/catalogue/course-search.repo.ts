import { and, eq, gt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ZCoursesQuery } from '#shared/courses/courses.schemas';
import type { TCourseCategory, TCourseLanguage, TCourseLevel, TCourseSort } from '#shared/courses/courses.constants';
import { cursorPlaceholders, type BoundedList, type Cursor, type CursorKeys } from '#server/db/paging';
import * as search from '#server/db/search';
import { searchText } from '#server/lib/search/search';
import { courses } from './courses.table';

export type CoursesQuery = z.output<typeof ZCoursesQuery>;

type Bindable<T> = T | Placeholder;

/** What the SQL is built from: words and filters, or placeholders standing in for them. */
export interface SearchShape {
  /** The words to match, or null to list without matching. */
  text: Bindable<string> | null;
  sort: TCourseSort;
  /**
   * Which try this is: the words exactly (stems), then (nothing found) as prefixes, then typo
   * matching alone (trigrams on titles).
   */
  prefixes?: boolean;
  fuzzy?: boolean;
  filters: {
    category?: Bindable<TCourseCategory>;
    level?: Bindable<TCourseLevel>;
    language?: Bindable<TCourseLanguage>;
    price?: 'free' | 'paid';
  };
  /** Keyset paging (decision 085): where the page starts, as placeholders. */
  cursor?: CursorKeys | null;
}

/** A catalogue request reduced to what the SQL needs. */
export interface SearchPlan extends SearchShape {
  text: string | null;
  filters: Pick<CoursesQuery, 'category' | 'level' | 'language' | 'price'>;
  limit: number;
  offset: number;
  /** Keyset paging (decision 085): where the page starts instead of `offset`. */
  cursor?: Cursor | null;
}

/**
 * Relevance is the default when there are words to rank by, newest otherwise; relevance asked
 * for without words means newest, since every row would rank alike.
 */
export function planSearch(q: CoursesQuery): SearchPlan {
  const text = searchText(q.q);
  const asked = q.sort ?? (text ? 'relevance' : 'newest');
  return {
    text,
    sort: asked === 'relevance' && !text ? 'newest' : asked,
    filters: { category: q.category, level: q.level, language: q.language, price: q.price },
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
  };
}

/**
 * The plan as a statement that can be prepared once and reused: one key per combination of
 * sort and filters present, the values as parameters. Building the query in drizzle costs more
 * than running it, so the catalogue keeps one prepared statement per key.
 */
export function parameterise(plan: SearchPlan): { key: string; shape: SearchShape; params: Record<string, unknown> } {
  const params: Record<string, unknown> = { limit: plan.limit, offset: plan.offset };
  const bind = <T>(name: string, value: T | undefined) => {
    if (value === undefined || value === null) return undefined;
    params[name] = value;
    return sql.placeholder(name);
  };
  const { category, level, language, price } = plan.filters;
  const shape: SearchShape = {
    text: bind('text', plan.text) ?? null,
    sort: plan.sort,
    filters: {
      category: bind('category', category),
      level: bind('level', level),
      language: bind('language', language),
      price,
    },
  };
  const present = Object.keys(params).filter((k) => k !== 'limit' && k !== 'offset');
  // A cursor's shape (inside the ranked candidates or past them) is another statement; its keys are parameters.
  const cursor = cursorPlaceholders(plan.cursor ?? null);
  const key = [plan.sort, ...present, price ?? 'any', ...(cursor.keys ? [cursor.shape] : [])].join('_');
  return { key, shape: { ...shape, cursor: cursor.keys }, params: { ...params, ...cursor.params } };
}

/**
 * The words parsed once per statement (server/db/search.ts): accents folded, prefixes and stems
 * matched, typos in titles caught by trigrams.
 */
const searchParts = (text: Bindable<string>, words: search.SearchWords = 'prefixes') =>
  search.searchSource(text, 'search', words);

/** The catalogue's FROM: the courses, and the words parsed once for the statement (a CTE) when there are words. */
export function searchFrom(plan: SearchShape): { from: SQL; with?: SQL } {
  if (plan.text === null) return { from: sql`${courses}` };
  const words = searchParts(plan.text, plan.fuzzy ? 'typos' : plan.prefixes ? 'prefixes' : 'exact');
  return { from: sql`${courses} cross join ${words.ref}`, with: words.cte };
}
const ALIAS = searchParts('').alias;

/** Published courses matching the words (from searchFrom) and every filter given. */
export function searchWhere(plan: SearchShape): SQL {
  return and(eq(courses.status, 'published'), wordsMatch(plan), ...filterConditions(plan))!;
}

/** Published courses and every filter given, without the words (boundedPage takes them apart). */
export const searchFilters = (plan: SearchShape): SQL =>
  and(eq(courses.status, 'published'), ...filterConditions(plan))!;

/** The words' match, or undefined without words. */
export function wordsMatch(plan: SearchShape): SQL | undefined {
  if (plan.text === null) return undefined;
  return plan.fuzzy
    ? search.typoMatch(courses.searchVector, ALIAS, courses.title)
    : search.searchMatch(courses.searchVector, ALIAS);
}

function filterConditions(plan: SearchShape): Array<SQL | undefined> {
  const f = plan.filters;
  return [
    f.category ? eq(courses.category, f.category) : undefined,
    f.level ? eq(courses.level, f.level) : undefined,
    f.language ? eq(courses.language, f.language) : undefined,
    f.price === 'free' ? eq(courses.priceMinor, 0) : undefined,
    f.price === 'paid' ? gt(courses.priceMinor, 0) : undefined,
  ];
}

/** ts_rank with title (A) above summary (B) above description (C); 0 without words. */
export function searchRank(plan: SearchShape): SQL<number> {
  return plan.text !== null ? search.searchRank(courses.searchVector, ALIAS) : sql<number>`0::real`;
}

/**
 * A sort as boundedPage's keys (server/db/paging.ts): relevance ranks the newest matches, rating
 * and price page off their indexes, newest walks its index; newest then the id break every tie.
 */
export function sortKeys(sort: TCourseSort, rank: SQL<number>): Pick<BoundedList, 'rank' | 'other'> {
  switch (sort) {
    case 'relevance':
      return { rank: [{ value: rank, dir: 'desc' }] };
    case 'newest':
      return { rank: null };
    case 'rating':
      return { rank: null, other: [sql`${courses.ratingAverage} desc nulls last`, sql`${courses.ratingCount} desc`] };
    case 'price_asc':
      return { rank: null, other: [sql`${courses.priceMinor} asc`] };
    case 'price_desc':
      return { rank: null, other: [sql`${courses.priceMinor} desc`] };
  }
}
