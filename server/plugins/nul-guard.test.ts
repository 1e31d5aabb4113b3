import { describe, expect, it } from 'vitest';
import { findNul } from './nul-guard';

describe('findNul', () => {
  it('names the first string or key holding NUL by its dotted path', () => {
    expect(findNul({ a: 'ok', b: ['x', { c: 'y\u0000' }] })).toBe('b.1.c');
    expect(findNul({ ['k\u0000ey']: 1 })).toBe('key');
    expect(findNul('\u0000', 'body')).toBe('body');
  });

  it('passes everything else, however deep', () => {
    expect(findNul({ a: '%00', b: [1, true, null, '\uD800'], c: Buffer.from([0]) })).toBeUndefined();
    let deep: unknown = 'end';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findNul(deep)).toBeUndefined();
  });
});
