import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '#server/lib/errors';
import type { Readiness } from '#server/platform/readiness';
import { openToAll } from '#server/plugins/session';

const ZLive = z.object({ status: z.literal('ok') });
const ZReady = z.object({
  status: z.enum(['ready', 'unready']),
  checks: z.record(z.string(), z.enum(['up', 'down', 'draining'])),
});

/** Sent as a ready string: the answer never changes, and probes come often. */
const LIVE = JSON.stringify(ZLive.parse({ status: 'ok' }));

/**
 * Liveness and readiness, as GitLab's `/-/liveness` and `/-/readiness`: an orchestrator restarts
 * a process that stops answering the first, and a balancer stops sending work to one that fails
 * the second, without a restart, which would not bring a database back. Neither has a rate limit:
 * live asks nothing, and ready asks its dependencies at most once a second.
 */
export async function probeRoutes(app: FastifyInstance, { readiness }: { readiness: Readiness }) {
  const probe = { preHandler: openToAll, config: { rateLimit: false } } as const;

  app.get(
    '/api/health/live',
    { ...probe, schema: { tags: ['health'], response: { 200: ZLive } } },
    async (_request, reply) => reply.type('application/json; charset=utf-8').send(LIVE),
  );

  app.get(
    '/api/health/ready',
    { ...probe, schema: { tags: ['health'], response: { 200: ZReady, 503: ZReady } } },
    async (_request, reply) => {
      const { ready, checks } = await readiness.state();
      return reply
        .status(ready ? 200 : 503)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify({ status: ready ? 'ready' : 'unready', checks }));
    },
  );

  // Metrics have a port of their own; here the path is claimed so that the page fallback
  // (plugins/spa.ts) cannot answer it with the app's HTML as if something were there.
  app.get('/metrics', { preHandler: openToAll, schema: { hide: true } }, async (request) => {
    throw new AppError('NOT_FOUND', `No such endpoint: GET ${request.url.split('?')[0]}`);
  });
}
