import { describe, expect, it } from 'vitest';
import { LOGIN_LIMITS, loginLock, waitPhrase, type BucketCounts } from './login-limits.policy';

const now = new Date('2026-11-24T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const MIN = 60_000;
const counts = (over: Partial<BucketCounts>): BucketCounts => ({
  narrow: 0,
  narrowOldest: null,
  wide: 0,
  wideLatest: null,
  ...over,
});

describe('loginLock', () => {
  it.each([
    ['no failures', counts({}), undefined],
    [
      'four recent failures in the narrow bucket',
      counts({ narrow: 4, narrowOldest: ago(MIN), wide: 4, wideLatest: ago(0) }),
      undefined,
    ],
    [
      'five: locked until the oldest is 15 minutes old',
      counts({ narrow: 5, narrowOldest: ago(5 * MIN), wide: 5, wideLatest: ago(0) }),
      { reason: 'narrow', until: ago(-10 * MIN) },
    ],
    ['nineteen in the day', counts({ wide: 19, wideLatest: ago(0) }), undefined],
    [
      'twenty in the day: one minute after the last',
      counts({ wide: 20, wideLatest: ago(0) }),
      { reason: 'wide', until: ago(-MIN) },
    ],
    ['twenty-one: two minutes', counts({ wide: 21, wideLatest: ago(0) }), { reason: 'wide', until: ago(-2 * MIN) }],
    [
      'twenty-four: sixteen minutes',
      counts({ wide: 24, wideLatest: ago(0) }),
      { reason: 'wide', until: ago(-16 * MIN) },
    ],
    [
      'a hundred: never more than an hour',
      counts({ wide: 100, wideLatest: ago(0) }),
      { reason: 'wide', until: ago(-60 * MIN) },
    ],
    ['twenty-one, the last 2 minutes ago: free again', counts({ wide: 21, wideLatest: ago(2 * MIN) }), undefined],
    [
      'both: the later one wins',
      counts({ narrow: 5, narrowOldest: ago(14 * MIN), wide: 22, wideLatest: ago(0) }),
      { reason: 'wide', until: ago(-4 * MIN) },
    ],
  ])('%s', (_name, c, expected) => {
    expect(loginLock(c, now)).toEqual(expected);
  });

  it('scales the counts, never the times', () => {
    expect(
      loginLock(counts({ narrow: 5, narrowOldest: ago(0), wide: 20, wideLatest: ago(0) }), now, 10),
    ).toBeUndefined();
    expect(loginLock(counts({ narrow: 50, narrowOldest: ago(0) }), now, 10)).toEqual({
      reason: 'narrow',
      until: ago(-LOGIN_LIMITS.narrowWindowMs),
    });
  });
});

describe('waitPhrase', () => {
  it.each([
    [1_000, 'in a minute'],
    [60_000, 'in a minute'],
    [61_000, 'in 2 minutes'],
    [15 * MIN, 'in 15 minutes'],
  ])('%i ms reads "%s"', (ms, phrase) => {
    expect(waitPhrase(new Date(now.getTime() + ms), now)).toBe(phrase);
  });
});
