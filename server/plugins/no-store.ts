import type { FastifyInstance } from 'fastify';

/**
 * For a plugin's routes whose answers depend on who asks and change with every write (courses,
 * payments): no shared or stale copies in any cache.
 */
export function noStore(app: FastifyInstance) {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
}
