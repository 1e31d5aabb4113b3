import { describe, expect, it } from 'vitest';
import { createTokenBucket } from './token-bucket';

const rate = { burst: 3, perSecond: 2, floodDebt: 4 };

function bucket() {
  const clock = { t: 0 };
  return { clock, b: createTokenBucket(() => clock.t, rate) };
}

describe('token bucket', () => {
  it('allows a burst, then refuses, then disconnects a socket that keeps sending', () => {
    const { b } = bucket();
    const verdicts = Array.from({ length: 8 }, () => b.take());
    expect(verdicts).toEqual(['allow', 'allow', 'allow', 'refuse', 'refuse', 'refuse', 'disconnect', 'disconnect']);
  });

  it('refills at its rate, never above the burst', () => {
    const { b, clock } = bucket();
    for (let i = 0; i < 3; i++) b.take();
    clock.t += 500; // one token back
    expect([b.take(), b.take()]).toEqual(['allow', 'refuse']);
    clock.t += 60_000;
    expect(Array.from({ length: 4 }, () => b.take())).toEqual(['allow', 'allow', 'allow', 'refuse']);
  });

  it('lets a refused client that backs off work again', () => {
    const { b, clock } = bucket();
    for (let i = 0; i < 5; i++) b.take(); // 2 in debt
    clock.t += 1_500; // 3 tokens earned: out of debt, one to spend
    expect(b.take()).toBe('allow');
  });
});
