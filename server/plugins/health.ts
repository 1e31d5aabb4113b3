import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const ZHealth = z.object({ status: z.enum(['ok', 'degraded']), database: z.string() });

/** How old the database's state may be. Probes come every few seconds; nobody needs it fresher. */
const DATABASE_STATE_MAX_AGE_MS = 1_000;

/**
 * Liveness with the database's state; 503 when the database does not answer. The route has no
 * rate limit, so it pings the database at most once a second (one ping shared by concurrent
 * callers): a flood of health checks must not become a flood of queries.
 */
export async function healthRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  let checked: { at: number; up: boolean } | undefined;
  let inFlight: Promise<boolean> | undefined;

  const databaseUp = (): Promise<boolean> | boolean => {
    if (checked && Date.now() - checked.at < DATABASE_STATE_MAX_AGE_MS) return checked.up;
    inFlight ??= app.database
      .ping()
      .then((up) => {
        checked = { at: Date.now(), up };
        return up;
      })
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  };

  app.get(
    '/api/health',
    { config: { rateLimit: false }, schema: { tags: ['health'], response: { 200: ZHealth, 503: ZHealth } } },
    async (_request, reply) => {
      const up = await databaseUp();
      const database = `${app.database.driver}: ${up ? 'up' : 'down'}`;
      return reply.status(up ? 200 : 503).send({ status: up ? 'ok' : 'degraded', database });
    },
  );
}
