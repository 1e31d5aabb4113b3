import { describe, expect, it } from 'vitest';
import { parseRange } from './byte-range';

describe('parseRange', () => {
  it.each([
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=100-', { start: 100, end: 999 }],
    ['bytes=-100', { start: 900, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
    ['bytes=990-5000', { start: 990, end: 999 }],
    ['bytes=999-999', { start: 999, end: 999 }],
  ])('%s of 1000 bytes', (header, range) => {
    expect(parseRange(header, 1000)).toEqual(range);
  });

  it.each(['bytes=1000-', 'bytes=1000-1100', 'bytes=-0', 'bytes=200-100'])(
    '%s of 1000 bytes is unsatisfiable',
    (header) => {
      expect(parseRange(header, 1000)).toBe('unsatisfiable');
    },
  );

  it.each([undefined, '', 'items=0-1', 'bytes=0-1,5-9', 'bytes=-', 'bytes=a-b'])(
    '%s sends the whole file',
    (header) => {
      expect(parseRange(header, 1000)).toBeUndefined();
    },
  );
});
