import { describe, expect, it } from 'vitest';
import {
  coursesQueryFrom,
  filtersFromParams,
  hasActiveFilters,
  paramsFromFilters,
  withFilter,
} from './catalogue-filters';

const parse = (qs: string) => filtersFromParams(new URLSearchParams(qs));

describe('filtersFromParams', () => {
  it('reads every filter from the query string', () => {
    expect(parse('q=react&category=software&level=beginner&language=yo&price=free&sort=rating&page=3')).toEqual({
      q: 'react',
      category: 'software',
      level: 'beginner',
      language: 'yo',
      price: 'free',
      sort: 'rating',
      page: 3,
    });
  });

  it('drops values the API would refuse', () => {
    expect(parse('category=cooking&level=guru&price=cheap&sort=random&page=-2&language=xx')).toEqual({
      q: '',
      category: undefined,
      level: undefined,
      language: undefined,
      price: undefined,
      sort: undefined,
      page: 1,
    });
    expect(parse('page=2.5').page).toBe(1);
    expect(parse('page=abc').page).toBe(1);
  });
});

describe('paramsFromFilters', () => {
  it('writes only what differs from the defaults', () => {
    expect(paramsFromFilters(parse('')).toString()).toBe('');
    expect(paramsFromFilters({ ...parse(''), q: '  data  ', price: 'paid', page: 1 }).toString()).toBe(
      'q=data&price=paid',
    );
  });

  it('round-trips a URL', () => {
    const qs = 'q=excel+basics&category=finance&level=advanced&language=en&price=paid&sort=price_asc&page=2';
    expect(paramsFromFilters(parse(qs)).toString()).toBe(qs);
  });
});

describe('coursesQueryFrom', () => {
  it('leaves empty filters out of the API call', () => {
    expect(coursesQueryFrom(parse('q=%20'))).toEqual({ page: 1 });
    expect(coursesQueryFrom(parse('q=ai&level=beginner&page=2'))).toEqual({ q: 'ai', level: 'beginner', page: 2 });
  });
});

describe('withFilter', () => {
  it('goes back to page 1 when a filter changes', () => {
    expect(withFilter(parse('page=4&q=x'), { level: 'beginner' })).toMatchObject({
      page: 1,
      q: 'x',
      level: 'beginner',
    });
  });

  it('knows when anything narrows the list', () => {
    expect(hasActiveFilters(parse('sort=newest&page=2'))).toBe(false);
    expect(hasActiveFilters(parse('price=free'))).toBe(true);
  });
});
