/** Socket rate numbers (decision 010): a burst of 20 events, 10 more each second. */
export const SOCKET_RATE = { burst: 20, perSecond: 10, floodDebt: 40 } as const;

export type Verdict = 'allow' | 'refuse' | 'disconnect';

/**
 * A token bucket per socket. Each event takes a token; with none left the event is refused
 * and the bucket goes into debt, so a client that keeps sending while refused digs deeper and
 * is disconnected at `floodDebt`, while one that backs off earns its way back at the same rate.
 */
export function createTokenBucket(
  now: () => number,
  rate: { burst: number; perSecond: number; floodDebt: number } = SOCKET_RATE,
) {
  let tokens: number = rate.burst;
  let at = now();
  return {
    take(): Verdict {
      const t = now();
      tokens = Math.min(rate.burst, tokens + ((t - at) / 1000) * rate.perSecond);
      at = t;
      tokens -= 1;
      if (tokens >= 0) return 'allow';
      return tokens <= -rate.floodDebt ? 'disconnect' : 'refuse';
    },
  };
}
