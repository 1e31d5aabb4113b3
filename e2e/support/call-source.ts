import type { FastifyInstance } from 'fastify';

/**
 * A call source for the browser tests, standing in for a conversation: its id is the two
 * members' ids joined by a dot, so a test can call between any two people it signed up.
 */
export function registerE2eCallSource(app: FastifyInstance): void {
  app.services.calls.registerSource('e2e', async (id, viewerId) => {
    const [a = '', b = ''] = id.split('.');
    return viewerId === a || viewerId === b ? { memberIds: [a, b] } : null;
  });
}
