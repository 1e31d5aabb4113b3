import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { drainAndClose } from '#server/lib/process-lifecycle';
import { openToAll } from '#server/plugins/session';
import { defineJob } from '#server/queue/define-job';
import { buildUser, createHarness, login, type Harness } from '#server/test/harness';
import { connected, disconnected, openTestSocket } from '#server/test/sockets';

const drainJob = defineJob({ name: 'test.drain', schema: z.object({}), retry: { limit: 0 } });

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * The way out, as SIGTERM runs it (process-lifecycle.ts), on a listening app that takes jobs:
 * readiness turns 503 first while the process still serves, then a request and a job in flight
 * finish, and the socket's client is left to reconnect elsewhere.
 */
describe('draining on the way out', () => {
  let h: Harness;
  let base: string;
  const route = { started: deferred(), release: deferred() };
  const job = { started: deferred(), release: deferred(), finished: false };

  beforeAll(async () => {
    h = await createHarness({
      worker: true,
      env: { SHUTDOWN_DELAY_MS: '400' },
      jobs: (jobs) =>
        jobs.handle(drainJob, async () => {
          job.started.resolve();
          await job.release.promise;
          job.finished = true;
        }),
      routes: (app) =>
        app.get('/test/slow', { preHandler: openToAll }, async () => {
          route.started.resolve();
          await route.release.promise;
          return { done: true };
        }),
    });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => h?.close());

  it('turns readiness to 503, then lets the request and job in flight finish and sends sockets away', async () => {
    const user = await buildUser(h);
    const socket = openTestSocket(Number(new URL(base).port), { cookie: await login(h, user.username), origin: base });
    await connected(socket);
    const socketGone = disconnected(socket);
    await h.services.jobs.send(h.app.database.db, drainJob, {});
    await job.started.promise;
    const slow = fetch(`${base}/test/slow`);
    await route.started.promise;

    let closed = false;
    const closing = drainAndClose(h.app, h.config.shutdown).then(() => (closed = true));

    // The delay: balancers hear "not ready" while everything still serves.
    const ready = await fetch(`${base}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'unready', checks: { process: 'draining' } });
    expect((await fetch(`${base}/api/health/live`)).status).toBe(200);
    expect(socket.connected).toBe(true);

    // Past the delay the app closes, and waits for what is in flight.
    await new Promise((r) => setTimeout(r, 800));
    expect(closed).toBe(false);
    route.release.resolve();
    const res = await slow;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ done: true });
    // A transport closed by the server, not "io server disconnect": socket.io's client reconnects by itself.
    expect(await socketGone).toBe('transport close');
    expect(closed).toBe(false);
    job.release.resolve();
    await closing;
    expect(job.finished).toBe(true);
  });
});
