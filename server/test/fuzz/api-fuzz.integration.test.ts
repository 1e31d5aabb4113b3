import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePaystack, type FakePaystack } from '../fake-paystack';
import { startFakeStripe, type FakeStripe } from '../fake-stripe';
import { createHarness, type Harness } from '../harness';
import { requestHead, trickle } from '../trickle';
import { buildFuzzWorld, type FuzzWorld } from './fuzz-world';
import { asInject, operationsOf, requestArb, seedFor, type FuzzRequest } from './openapi-requests';

/**
 * No input gives a 5xx (issue 10): requests generated from the OpenAPI document for every
 * operation, as a visitor, a signed-in member and an admin. Deterministic: FUZZ_SEED and
 * FUZZ_RUNS (requests per operation and actor) reproduce or widen a run.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);

/** Routes that end the actor's own session would leave the rest of the run signed out. */
const SIGNED_IN_SKIP = new Set(['POST /api/logout']);

let h: Harness;
let world: FuzzWorld;
let stripe: FakeStripe;
let paystack: FakePaystack;
const totals = { requests: 0, serverErrors: 0 };
/** Answers by status, so a run shows how far past validation the requests got. */
const byStatus = new Map<number, number>();

afterAll(async () => {
  console.info(
    `api fuzz (seed ${SEED}, ${RUNS} per operation and actor): ${totals.requests} requests, ${totals.serverErrors} answered 5xx; by status ${JSON.stringify(Object.fromEntries([...byStatus].sort(([a], [b]) => a - b)))}`,
  );
  await h?.close();
  await Promise.all([stripe?.close(), paystack?.close()]);
});

interface Finding {
  request: FuzzRequest;
  status: number;
  body: string;
}

const show = (f: Finding) =>
  `${f.status} ${f.request.method} ${f.request.url.slice(0, 200)} ${JSON.stringify(f.request.payload)?.slice(0, 200)} -> ${f.body.slice(0, 200)}`;

describe('every operation of the OpenAPI document, fuzzed', async () => {
  [stripe, paystack] = await Promise.all([startFakeStripe(), startFakePaystack()]);
  // The test gateway takes new payments; Stripe and Paystack are configured too (at local fakes),
  // so their webhooks and verification paths are reachable.
  h = await createHarness({
    env: {
      PAYMENT_GATEWAY: 'test',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_BASE: stripe.url,
      PAYSTACK_SECRET_KEY: paystack.secretKey,
      PAYSTACK_API_BASE: paystack.url,
      // The slow-body pass below: a body must keep coming within 0.2 s windows (10 s in production).
      SLOW_BODY_SECONDS: '0.2',
    },
  });
  const operations = operationsOf(h.app.swagger() as Parameters<typeof operationsOf>[0]);
  beforeAll(async () => {
    world = await buildFuzzWorld(h);
  });

  it('covers every route', () => {
    expect(operations.length).toBeGreaterThan(50);
  });

  for (const op of operations) {
    it(`${op.method} ${op.path}`, async () => {
      const serverErrors: Finding[] = [];
      const badEnvelopes: Finding[] = [];
      const undocumented: Finding[] = [];
      const actors = [
        { name: 'visitor', cookie: undefined },
        { name: 'member', cookie: world.member.cookie },
        { name: 'admin', cookie: world.admin.cookie },
      ].filter((a) => !a.cookie || !SIGNED_IN_SKIP.has(`${op.method} ${op.path}`));
      for (const who of actors) {
        const requests = fc.sample(requestArb(op, world.known, who.cookie), {
          seed: seedFor(SEED, `${who.name} ${op.method} ${op.path}`),
          numRuns: RUNS,
        });
        for (const request of requests) {
          const res = await h.app.inject(asInject(request));
          totals.requests++;
          byStatus.set(res.statusCode, (byStatus.get(res.statusCode) ?? 0) + 1);
          if (res.statusCode >= 500) {
            totals.serverErrors++;
            serverErrors.push({ request, status: res.statusCode, body: res.body });
          } else if (res.statusCode >= 400) {
            if (!hasEnvelope(res.body)) badEnvelopes.push({ request, status: res.statusCode, body: res.body });
            if (!op.statuses.includes(String(res.statusCode)))
              undocumented.push({ request, status: res.statusCode, body: res.body });
          }
        }
      }
      expect(serverErrors.map(show)).toEqual([]);
      expect(badEnvelopes.map(show)).toEqual([]);
      // The API document lists every error answer a route gives (error-answers.ts).
      expect(undocumented.map(show)).toEqual([]);
    });
  }

  // Slowloris (issue 25): every operation that reads a body, its body sent a byte at a time by a
  // signed-in member, answers (408 once the body stalls, or a guard's refusal before reading it)
  // and closes: none holds the connection open. A few at a time, over a real socket.
  it('answers every body sent a byte at a time, and never holds the connection', async () => {
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = h.app.server.address() as AddressInfo;
    const slow = operations.filter((op) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(op.method));
    const held: string[] = [];
    for (let at = 0; at < slow.length; at += 8) {
      await Promise.all(
        slow.slice(at, at + 8).map(async (op) => {
          const path = op.path.replace(/\{[^}]+\}/g, () => randomUUID());
          const head = requestHead(path, 'application/json', 100_000, world.member.cookie);
          const said = await trickle(
            port,
            head.replace(/^POST/, op.method),
            Buffer.from(' '),
            50,
            100_000,
            3_000,
          ).catch((err: Error) => err.message);
          const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(said)?.[1]);
          totals.requests++;
          if (!(status >= 400 && status < 500)) held.push(`${op.method} ${op.path}: ${said.slice(0, 120)}`);
        }),
      );
    }
    expect(slow.length).toBeGreaterThan(50);
    expect(held).toEqual([]);
  });
});

function hasEnvelope(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { error?: unknown; code?: unknown };
    return typeof parsed.error === 'string' && parsed.error.length > 0 && typeof parsed.code === 'string';
  } catch {
    return false;
  }
}
