import {
  COURSE_CATEGORIES,
  COURSE_LANGUAGES,
  COURSE_LEVELS,
  COURSE_SORTS,
  type TCourseCategory,
  type TCourseLanguage,
  type TCourseLevel,
  type TCourseSort,
} from '#shared/courses/courses.constants';
import type { TCoursesQuery } from '#shared/courses/courses.schemas';

/**
 * The catalogue's search and filters live in the URL (?q=…&category=…&page=2) so that a search
 * can be shared and the back button works. Unknown or malformed values are dropped, never sent.
 */
export interface CatalogueFilters {
  q: string;
  category?: TCourseCategory;
  level?: TCourseLevel;
  language?: TCourseLanguage;
  price?: 'free' | 'paid';
  sort?: TCourseSort;
  page: number;
}

const PRICES = ['free', 'paid'] as const;

function oneOf<T extends string>(values: readonly T[], raw: string | null): T | undefined {
  return raw !== null && (values as readonly string[]).includes(raw) ? (raw as T) : undefined;
}

export function filtersFromParams(params: URLSearchParams): CatalogueFilters {
  const page = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').slice(0, 200),
    category: oneOf(COURSE_CATEGORIES, params.get('category')),
    level: oneOf(COURSE_LEVELS, params.get('level')),
    language: oneOf(COURSE_LANGUAGES, params.get('language')),
    price: oneOf(PRICES, params.get('price')),
    sort: oneOf(COURSE_SORTS, params.get('sort')),
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** Only what differs from the defaults, in a stable order, so equal searches share one URL. */
export function paramsFromFilters(filters: CatalogueFilters): URLSearchParams {
  const params = new URLSearchParams();
  const q = filters.q.trim();
  if (q) params.set('q', q);
  for (const key of ['category', 'level', 'language', 'price', 'sort'] as const) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** The API query (GET /api/courses): the same fields, without empty ones. */
export function coursesQueryFrom(filters: CatalogueFilters): TCoursesQuery {
  const { q, page, ...rest } = filters;
  const query: TCoursesQuery = { page };
  if (q.trim()) query.q = q.trim();
  for (const [key, value] of Object.entries(rest)) if (value) Object.assign(query, { [key]: value });
  return query;
}

/** A change of any filter starts again at page 1; only paging itself keeps the rest. */
export function withFilter(
  filters: CatalogueFilters,
  change: Partial<Omit<CatalogueFilters, 'page'>>,
): CatalogueFilters {
  return { ...filters, ...change, page: 1 };
}

export const hasActiveFilters = (f: CatalogueFilters) =>
  Boolean(f.q.trim() || f.category || f.level || f.language || f.price);
