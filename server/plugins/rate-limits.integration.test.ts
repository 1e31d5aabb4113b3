import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, testRedisUrl, type Harness } from '#server/test/harness';
import { ADDRESS_LIMITS } from '#server/features/auth/auth-limits';

/**
 * The HTTP limits on several app nodes (issue 28): with REDIS_URL two processes count one limit
 * together; without it each counts its own. A random address a run, since Redis outlives the test.
 */
const address = () => `203.0.${randomInt(1, 255)}.${randomInt(1, 255)}`;
const { max } = ADDRESS_LIMITS.register;
const register = (h: Harness, ip: string) =>
  h.app.inject({ method: 'POST', url: '/api/register', remoteAddress: ip, payload: {} });

describe.skipIf(!testRedisUrl)('with REDIS_URL', () => {
  let a: Harness;
  let b: Harness;
  beforeAll(async () => {
    [a, b] = await Promise.all([
      createHarness({ rateLimitScale: 1, redisUrl: testRedisUrl }),
      createHarness({ rateLimitScale: 1, redisUrl: testRedisUrl }),
    ]);
  });
  afterAll(() => Promise.all([a.close(), b.close()]));

  it('counts one limit across both nodes', async () => {
    const ip = address();
    // Alternating nodes, as a load balancer without stickiness would send them.
    for (let i = 0; i < max; i++) expect((await register(i % 2 ? b : a, ip)).statusCode).toBe(400);
    for (const node of [a, b]) {
      const res = await register(node, ip);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ code: 'RATE_LIMITED', error: expect.stringMatching(/try again/) });
    }
  });
});

describe('without REDIS_URL', () => {
  let a: Harness;
  let b: Harness;
  beforeAll(async () => {
    [a, b] = await Promise.all([createHarness({ rateLimitScale: 1 }), createHarness({ rateLimitScale: 1 })]);
  });
  afterAll(() => Promise.all([a.close(), b.close()]));

  it('counts in each process: what the Redis store is for', async () => {
    const ip = address();
    for (let i = 0; i < max; i++) expect((await register(a, ip)).statusCode).toBe(400);
    expect((await register(a, ip)).statusCode).toBe(429);
    expect((await register(b, ip)).statusCode).toBe(400);
  });
});
