import { describe, expect, it } from 'vitest';
import { ageOn } from './age-gate';

describe('ageOn', () => {
  const on = (iso: string) => new Date(`${iso}T12:00:00Z`);
  it('counts a birthday from its day', () => {
    expect(ageOn('2010-06-15', on('2026-06-14'))).toBe(15);
    expect(ageOn('2010-06-15', on('2026-06-15'))).toBe(16);
    expect(ageOn('2010-06-15', on('2026-12-31'))).toBe(16);
  });
  it('takes a 29 February birthday as reached on 1 March in other years', () => {
    expect(ageOn('2008-02-29', on('2026-02-28'))).toBe(17);
    expect(ageOn('2008-02-29', on('2026-03-01'))).toBe(18);
  });
});
