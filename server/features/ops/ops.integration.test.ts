import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { sendMailJob } from '#server/lib/mail.queue';
import { defineJob } from '#server/queue/define-job';
import { actor } from '#server/features/courses/testing/course-fixtures';
import { buy, sale } from '#server/features/payments/testing/payment-fixtures';
import { startFakeS3 } from '#server/test/fake-s3';
import { createHarness, testRedisUrl, type Harness } from '#server/test/harness';
import { connected, disconnected, openTestSocket } from '#server/test/sockets';
import { parsePrometheusText, samplesOf, valueOf } from './testing/prometheus-text';

/** Fails every attempt: the second is its last. */
const failingJob = defineJob({
  name: 'test.always-fails',
  schema: z.object({}),
  retry: { limit: 1, delaySeconds: 0, backoff: false },
});

/** Past the readiness cache's second, so that the next probe asks the checks again. */
const pastCache = () => new Promise((r) => setTimeout(r, 1_100));

/** Probes and metrics through the real HTTP stack: the app on a port, metrics on another (METRICS_PORT=0: any free one). */
describe('probes and metrics', () => {
  let h: Harness;
  let base: string;
  let metricsUrl: string;
  let clientDir: string;

  beforeAll(async () => {
    // A built client, so that the page fallback is there to shadow /metrics if it could.
    clientDir = mkdtempSync(join(tmpdir(), 'blet-ops-client-'));
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>app</title>');
    h = await createHarness({
      env: { METRICS_PORT: '0' },
      clientDir,
      jobs: (jobs) =>
        jobs.handle(failingJob, async () => {
          throw new Error('always');
        }),
    });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    const metricsAt = h.services.ops.metricsServer!.address()!;
    expect(metricsAt.address).toBe('127.0.0.1');
    metricsUrl = `http://127.0.0.1:${metricsAt.port}/metrics`;
  });
  afterAll(async () => {
    await h?.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  const scrape = async () => {
    const res = await fetch(metricsUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return parsePrometheusText(await res.text());
  };

  it('answers live with ok, and ready with each dependency up', async () => {
    const live = await fetch(`${base}/api/health/live`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${base}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'up', queue: 'up' } });
  });

  it('answers 503 with the database down when its check fails, and ready again when it answers', async () => {
    const ping = vi.spyOn(h.app.database, 'ping').mockResolvedValue(false);
    try {
      await pastCache();
      const res = await fetch(`${base}/api/health/ready`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: 'unready', checks: { database: 'down', queue: 'up' } });
      // Liveness asks nothing: a database outage must not get healthy processes restarted.
      expect((await fetch(`${base}/api/health/live`)).status).toBe(200);
    } finally {
      ping.mockRestore();
    }
    await pastCache();
    expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);
  });

  it('answers 404 on /metrics on the public port, page fallback or not', async () => {
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: 'No such endpoint: GET /metrics', code: 'NOT_FOUND' });
    // The fallback still serves pages: the 404 is this path's, not every unknown one's.
    expect((await fetch(`${base}/some/page`)).status).toBe(200);
  });

  it('times requests by route pattern, with unmatched ones under one label', async () => {
    expect((await fetch(`${base}/api/courses`)).status).toBe(200);
    expect((await fetch(`${base}/api/courses/not-a-uuid`)).status).toBe(400);
    expect((await fetch(`${base}/api/no/such/thing`)).status).toBe(404);
    const s = await scrape();
    const courses = samplesOf(s, 'http_request_duration_seconds_bucket', { route: '/api/courses' });
    expect(courses.length).toBeGreaterThan(1);
    expect(courses[0]!.labels).toMatchObject({ method: 'GET', status_code: '200' });
    expect(valueOf(s, 'http_request_duration_seconds_count', { route: '/api/courses/:id', status_code: '400' })).toBe(
      1,
    );
    expect(valueOf(s, 'http_request_duration_seconds_count', { route: 'unmatched', status_code: '404' })).toBe(1);
    // No raw URL ever becomes a label.
    expect(samplesOf(s, 'http_request_duration_seconds_count').map((x) => x.labels.route)).not.toContain(
      '/api/courses/not-a-uuid',
    );
    expect(valueOf(s, 'db_pool_in_use', { driver: h.app.database.driver })).toBeGreaterThanOrEqual(0);
    expect(valueOf(s, 'db_pool_waiting', { driver: h.app.database.driver })).toBeGreaterThanOrEqual(0);
    expect(valueOf(s, 'jobs_queue_size', { queue: 'mail.send' })).toBeGreaterThanOrEqual(0);
    expect(samplesOf(s, 'nodejs_heap_size_used_bytes')).toHaveLength(1);
  });

  it('counts a job that failed its last attempt once, not each attempt', async () => {
    await h.services.jobs.send(h.app.database.db, failingJob, {});
    expect(await h.jobs.runDue([failingJob])).toBe(2);
    expect(valueOf(await scrape(), 'jobs_failed_total', { queue: 'test.always-fails' })).toBe(1);
  });

  it('counts mail sent, payments fulfilled by kind and the sockets connected', async () => {
    await h.services.jobs.send(h.app.database.db, sendMailJob, {
      to: 'ada@example.ng',
      subject: 'Counted',
      text: 'Hello',
      html: '<p>Hello</p>',
    });
    await h.jobs.runDue([sendMailJob]);
    const admin = await actor(h, 'admin');
    await buy(h, await sale(h, admin));
    const member = await actor(h, 'general');
    const socket = openTestSocket(Number(new URL(base).port), { cookie: member.cookie, origin: base });
    await connected(socket);
    try {
      const s = await scrape();
      expect(valueOf(s, 'mail_sent_total')).toBe(1);
      expect(valueOf(s, 'mail_failed_total')).toBe(0);
      expect(valueOf(s, 'payments_fulfilled_total', { kind: 'course' })).toBe(1);
      expect(valueOf(s, 'realtime_sockets')).toBe(1);
    } finally {
      const gone = disconnected(socket);
      socket.disconnect();
      await gone;
    }
    await new Promise((r) => setTimeout(r, 50));
    expect(valueOf(await scrape(), 'realtime_sockets')).toBe(0);
  });
});

describe('readiness with its database closed', () => {
  it('answers 503 naming the database and the queue, which shares it', async () => {
    const h = await createHarness();
    try {
      await h.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
      expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);
      await h.app.database.close();
      await pastCache();
      const res = await fetch(`${base}/api/health/ready`);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ status: 'unready', checks: { database: 'down' } });
    } finally {
      await h.close().catch(() => undefined);
    }
  });
});

/** The answer of GET /api/health/ready on a listening harness. */
async function readiness(h: Harness) {
  const res = await fetch(`http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}/api/health/ready`);
  return { status: res.status, body: (await res.json()) as { status: string; checks: Record<string, string> } };
}

describe('readiness of the bucket and of Redis, when set', () => {
  it('checks the S3 bucket, and answers 503 when it goes away', async () => {
    const s3 = await startFakeS3();
    const h = await createHarness({ env: s3.env });
    try {
      await h.app.listen({ port: 0, host: '127.0.0.1' });
      expect(await readiness(h)).toEqual({
        status: 200,
        body: { status: 'ready', checks: { database: 'up', queue: 'up', bucket: 'up' } },
      });
      await s3.close();
      await pastCache();
      expect(await readiness(h)).toMatchObject({ status: 503, body: { checks: { bucket: 'down', database: 'up' } } });
    } finally {
      await h.close();
    }
  });

  /** Redis behind a TCP relay of the test's own, which it can cut and restore. */
  it.skipIf(!testRedisUrl)('checks Redis, answers 503 while it cannot be reached, and ready once it can', async () => {
    const target = new URL(testRedisUrl!);
    const links = new Set<Socket>();
    const relay = createServer((client) => {
      const upstream = connect(Number(target.port || 6379), target.hostname);
      for (const s of [client, upstream]) {
        links.add(s);
        s.on('error', () => undefined);
        s.on('close', () => links.delete(s));
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((r) => relay.listen(0, '127.0.0.1', r));
    const relayPort = (relay.address() as AddressInfo).port;
    const cut = () => {
      relay.close();
      for (const s of links) s.destroy();
    };
    const h = await createHarness({ redisUrl: `redis://127.0.0.1:${relayPort}` });
    try {
      await h.app.listen({ port: 0, host: '127.0.0.1' });
      expect(await readiness(h)).toMatchObject({ status: 200, body: { checks: { redis: 'up' } } });
      cut();
      await pastCache();
      expect(await readiness(h)).toMatchObject({ status: 503, body: { checks: { redis: 'down', database: 'up' } } });
      await new Promise<void>((r) => relay.listen(relayPort, '127.0.0.1', r));
      await pastCache();
      // ioredis reconnects by itself, backing off: the probe answers ready again within seconds.
      let back: Awaited<ReturnType<typeof readiness>> | undefined;
      for (let i = 0; i < 20 && back?.status !== 200; i++) {
        back = await readiness(h);
        if (back.status !== 200) await pastCache();
      }
      expect(back).toMatchObject({ status: 200, body: { checks: { redis: 'up' } } });
    } finally {
      await h.close();
      cut();
    }
  });
});
