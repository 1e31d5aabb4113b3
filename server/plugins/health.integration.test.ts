import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { serializeRequest } from '#server/lib/logger';
import { createHarness, type Harness } from '#server/test/harness';

/** Headers of the connection, not of the answer: inject has none of them. */
const CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
const answerHeaders = (headers: Headers | Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(headers instanceof Headers ? Object.fromEntries(headers) : headers)
      .filter(([name]) => !CONNECTION.has(name))
      .map(([name, value]) => [name, String(value)]),
  );

/** GET /api/health over the network is answered before Fastify (decision 088): the same answer, the same line. */
describe('the health probe answered before Fastify', () => {
  let h: Harness;
  let base: string;
  const lines: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    h = await createHarness({ logger: pino({ level: 'info', serializers: { req: serializeRequest } }, sink) });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => h?.close());
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  const requestLines = () => lines.filter((l) => l.msg === 'request completed');

  it('answers with the status, headers and body of the route, and writes its request line', async () => {
    const early = await fetch(`${base}/api/health`);
    const route = await h.app.inject({ method: 'GET', url: '/api/health' });
    // A query string goes through Fastify's pipeline over the same network.
    const routed = await fetch(`${base}/api/health?from=balancer`);

    expect(early.status).toBe(200);
    expect(await early.json()).toEqual({ status: 'ok', database: expect.stringMatching(/: up$/) });
    expect(early.headers.get('x-frame-options')).toBe('DENY');
    expect(answerHeaders(early.headers)).toEqual(answerHeaders(route.headers));
    expect(answerHeaders(early.headers)).toEqual(answerHeaders(routed.headers));
    expect(route.body).toBe(await routed.text());

    const [earlyLine, injectedLine, routedLine] = requestLines();
    expect(earlyLine).toMatchObject({
      level: 30,
      reqId: expect.stringMatching(/^health-/),
      req: { method: 'GET', url: '/api/health', ip: '127.0.0.1' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    // The route's own lines have the same shape.
    expect(Object.keys(earlyLine!).sort()).toEqual(Object.keys(routedLine!).sort());
    expect(injectedLine).toMatchObject({ req: { url: '/api/health' }, res: { statusCode: 200 } });
  });

  it('answers 503 degraded when the database does not answer, as the route does', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 60_000 });
    vi.spyOn(h.app.database, 'ping').mockResolvedValue(false);
    const early = await fetch(`${base}/api/health`);
    const route = await h.app.inject({ method: 'GET', url: '/api/health' });
    expect(early.status).toBe(503);
    expect(route.statusCode).toBe(503);
    expect(await early.json()).toEqual({ status: 'degraded', database: expect.stringMatching(/: down$/) });
    expect(requestLines().at(-2)).toMatchObject({ res: { statusCode: 503 } });
  });

  it('leaves every other request to Fastify: HEAD, other methods and other paths', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 120_000 });
    expect((await fetch(`${base}/api/health`, { method: 'HEAD' })).status).toBe(200);
    const post = await fetch(`${base}/api/health`, { method: 'POST', headers: { origin: base } });
    expect(post.status).toBe(404);
    expect(await post.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await fetch(`${base}/api/health/live`)).status).toBe(200);
  });
});
