import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const ZHealth = z.object({ status: z.enum(['ok', 'degraded']), database: z.string() });

/** Liveness with the database's state; 503 when the database does not answer. */
export async function healthRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/health',
    { config: { rateLimit: false }, schema: { tags: ['health'], response: { 200: ZHealth, 503: ZHealth } } },
    async (_request, reply) => {
      const up = await app.database.ping();
      const database = `${app.database.driver}: ${up ? 'up' : 'down'}`;
      return reply.status(up ? 200 : 503).send({ status: up ? 'ok' : 'degraded', database });
    },
  );
}
