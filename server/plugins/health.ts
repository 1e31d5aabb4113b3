import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { freshWithin } from '../lib/fresh-within';
import { openToAll } from './session';

const ZHealth = z.object({ status: z.enum(['ok', 'degraded']), database: z.string() });

/** How old the database's state may be. Probes come every few seconds; nobody needs it fresher. */
const DATABASE_STATE_MAX_AGE_MS = 1_000;

/**
 * Liveness with the database's state; 503 when the database does not answer. The route has no
 * rate limit, so it pings the database at most once a second (one ping shared by concurrent
 * callers): a flood of health checks must not become a flood of queries.
 */
export async function healthRoutes(app: FastifyInstance) {
  const databaseUp = freshWithin(DATABASE_STATE_MAX_AGE_MS, () => app.database.ping());

  const answer = (up: boolean) =>
    JSON.stringify(
      ZHealth.parse({ status: up ? 'ok' : 'degraded', database: `${app.database.driver}: ${up ? 'up' : 'down'}` }),
    );
  const answers = { up: answer(true), down: answer(false) };

  // The answer is sent as a ready string; the schema still documents it at /api/docs.
  app.get(
    '/api/health',
    {
      preHandler: openToAll,
      config: { rateLimit: false },
      schema: { tags: ['health'], response: { 200: ZHealth, 503: ZHealth } },
    },
    async (_request, reply) => {
      const up = await databaseUp();
      // Pre-serialised: the two possible answers never change, and probes come often.
      return reply
        .status(up ? 200 : 503)
        .type('application/json; charset=utf-8')
        .send(up ? answers.up : answers.down);
    },
  );
}
