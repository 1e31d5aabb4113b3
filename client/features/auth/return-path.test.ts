import { describe, expect, it } from 'vitest';
import { returnPath } from './return-path';

describe('returnPath', () => {
  it('returns to the page the guard sent the visitor away from', () => {
    expect(returnPath({ from: { pathname: '/jobs/seeker', search: '?q=dev', hash: '' } })).toBe('/jobs/seeker?q=dev');
  });

  it('falls back to home for anything else', () => {
    expect(returnPath(null)).toBe('/');
    expect(returnPath({ from: { pathname: '//evil.example', search: '', hash: '' } })).toBe('/');
    expect(returnPath({ from: { pathname: '/auth', search: '', hash: '' } })).toBe('/');
  });
});
