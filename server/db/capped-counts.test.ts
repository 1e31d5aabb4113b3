import { describe, expect, it } from 'vitest';
import { CAPPED_COUNT_TTL_MS, countPlan } from './capped-counts';
import { COUNT_CAP } from './paging';

describe('countPlan', () => {
  const t0 = Date.UTC(2026, 10, 29);

  it('leaves out the count of a list that passed the cap, for a minute', () => {
    const db = {};
    const first = countPlan(db, 'jobs:analyst', t0);
    expect(first.skip).toBe(false);
    first.saw(COUNT_CAP + 1);
    expect(countPlan(db, 'jobs:analyst', t0 + CAPPED_COUNT_TTL_MS - 1).skip).toBe(true);
    // Another list, another database handle, or a minute later: counted again.
    expect(countPlan(db, 'jobs:designer', t0).skip).toBe(false);
    expect(countPlan({}, 'jobs:analyst', t0).skip).toBe(false);
    expect(countPlan(db, 'jobs:analyst', t0 + CAPPED_COUNT_TTL_MS).skip).toBe(false);
  });

  it('keeps no count under the cap, and forgets a list counted under it again', () => {
    const db = {};
    countPlan(db, 'gigs:logo', t0).saw(COUNT_CAP);
    expect(countPlan(db, 'gigs:logo', t0).skip).toBe(false);
    // A page counted before the list passed the cap answers after a page that saw it pass.
    const earlier = countPlan(db, 'gigs:logo', t0);
    countPlan(db, 'gigs:logo', t0).saw(COUNT_CAP + 1);
    expect(countPlan(db, 'gigs:logo', t0 + 1).skip).toBe(true);
    earlier.saw(9_000);
    expect(countPlan(db, 'gigs:logo', t0 + 2).skip).toBe(false);
  });

  it('does not keep a count longer when the clock moves back', () => {
    const db = {};
    countPlan(db, 'talent:writer', t0).saw(COUNT_CAP + 1);
    expect(countPlan(db, 'talent:writer', t0 - 1).skip).toBe(false);
  });

  it('counts every time a list it cannot name', () => {
    const db = {};
    countPlan(db, undefined, t0).saw(COUNT_CAP + 1);
    expect(countPlan(db, undefined, t0).skip).toBe(false);
  });

  it('keeps at most a thousand lists, forgetting the oldest first', () => {
    const db = {};
    for (let i = 0; i <= 1_000; i++) countPlan(db, `list ${i}`, t0).saw(COUNT_CAP + 1);
    expect(countPlan(db, 'list 0', t0).skip).toBe(false);
    expect(countPlan(db, 'list 1', t0).skip).toBe(true);
    expect(countPlan(db, 'list 1000', t0).skip).toBe(true);
  });
});
