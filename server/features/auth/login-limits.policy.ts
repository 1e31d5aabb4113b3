/**
 * How failed sign-ins slow guessing without letting anyone lock an owner out (decision 014,
 * after OWASP's "Slow Down Online Guessing Attacks with Device Cookies").
 *
 * Only failures count. Two buckets hold the failures that concern an attempt:
 * - from an untrusted device: the narrow bucket is the (account, address) pair, the wide one
 *   every untrusted failure on the account;
 * - from a device that signed in to this account before: both buckets are that device's own
 *   failures on the account, so strangers elsewhere never slow it down.
 */
export const LOGIN_LIMITS = {
  /** Failures allowed in the narrow bucket within `narrowWindowMs`; then it waits for the oldest to age out. */
  narrowMax: 5,
  narrowWindowMs: 15 * 60_000,
  /** Failures in the wide bucket within a day before each new failure makes the next attempt wait. */
  wideFree: 20,
  wideWindowMs: 24 * 3_600_000,
  /** The wait after the last failure: 1 minute, doubled by each further failure, at most an hour. */
  firstDelayMs: 60_000,
  maxDelayMs: 60 * 60_000,
} as const;

export interface BucketCounts {
  /** Failures in the narrow bucket within the narrow window, and the oldest of them. */
  narrow: number;
  narrowOldest: Date | null;
  /** Failures in the wide bucket within the day, and the latest of them. */
  wide: number;
  wideLatest: Date | null;
}

export type LoginLock = { until: Date; reason: 'narrow' | 'wide' };

/** `scale` multiplies the counts (tests of other things raise it, as they raise every limit). */
export function loginLock(counts: BucketCounts, now: Date, scale = 1): LoginLock | undefined {
  const L = LOGIN_LIMITS;
  let lock: LoginLock | undefined;
  if (counts.narrow >= L.narrowMax * scale && counts.narrowOldest) {
    lock = { until: new Date(counts.narrowOldest.getTime() + L.narrowWindowMs), reason: 'narrow' };
  }
  const beyond = counts.wide - L.wideFree * scale;
  if (beyond >= 0 && counts.wideLatest) {
    const delay = Math.min(L.firstDelayMs * 2 ** beyond, L.maxDelayMs);
    const until = new Date(counts.wideLatest.getTime() + delay);
    if (!lock || until > lock.until) lock = { until, reason: 'wide' };
  }
  return lock && lock.until > now ? lock : undefined;
}

/** "in 3 minutes", "in a minute": a person reads it, so it is rounded up to whole minutes. */
export function waitPhrase(until: Date, now: Date): string {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return minutes === 1 ? 'in a minute' : `in ${minutes} minutes`;
}
