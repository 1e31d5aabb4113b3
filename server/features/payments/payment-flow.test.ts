import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '#server/lib/errors';
import { GatewayError } from '#server/lib/payments/gateway';
import { reach } from './payment-flow';

const logged: string[] = [];
const log = {
  warn: (_: unknown, msg: string) => logged.push(`warn ${msg}`),
  error: (_: unknown, msg: string) => logged.push(`error ${msg}`),
} as unknown as FastifyBaseLogger;

const failing = (err: Error) => () => Promise.reject(err);

describe('reach: a gateway call, and what a person is told when it fails', () => {
  it('passes answers through', async () => {
    expect(await reach(log, () => Promise.resolve(42))).toBe(42);
  });

  it('says to try again when the provider could not be reached, and warns', async () => {
    const err = await reach(log, failing(new GatewayError('ECONNREFUSED'))).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({
      code: 'GATEWAY_UNAVAILABLE',
      status: 502,
      message: 'The payment provider could not be reached. Nothing was changed; please try again in a minute.',
    });
    expect(logged.pop()).toBe('warn payment gateway could not be reached');
  });

  it('says to contact support when the provider refused (a retry would not help), and logs an error', async () => {
    const err = await reach(
      log,
      failing(new GatewayError('Stripe refused the call (401)', { retryable: false })),
    ).catch((e: unknown) => e);
    expect(err).toMatchObject({
      code: 'GATEWAY_UNAVAILABLE',
      message: 'The payment provider refused this request. Nothing was changed; please contact support.',
    });
    expect(logged.pop()).toBe('error payment gateway refused a call');
  });

  it("uses the caller's sentences, and lets other errors through untouched", async () => {
    await expect(
      reach(log, failing(new GatewayError('x')), { unavailable: 'Try the refund again soon.' }),
    ).rejects.toThrow('Try the refund again soon.');
    const bug = new TypeError('not a gateway problem');
    await expect(reach(log, failing(bug))).rejects.toBe(bug);
  });
});
