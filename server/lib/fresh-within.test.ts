import { describe, expect, it } from 'vitest';
import { freshWithin } from './fresh-within';

describe('freshWithin', () => {
  it('shares one load between concurrent callers, keeps its answer for maxAge, then loads again', async () => {
    let now = 0;
    let loads = 0;
    const get = freshWithin(
      1_000,
      async () => {
        loads++;
        return loads;
      },
      () => now,
    );
    expect(await Promise.all([get(), get(), get()])).toEqual([1, 1, 1]);
    now = 999;
    expect(get()).toBe(1);
    now = 1_000;
    expect(await get()).toBe(2);
    expect(loads).toBe(2);
  });

  it('keeps nothing from a load that failed: the next caller loads again', async () => {
    let fail = true;
    const get = freshWithin(1_000, async () => {
      if (fail) throw new Error('down');
      return 'up';
    });
    await expect(get()).rejects.toThrow('down');
    fail = false;
    expect(await get()).toBe('up');
  });
});
