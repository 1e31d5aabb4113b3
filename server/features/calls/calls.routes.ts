import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCall, ZCallCreated, ZCreateCall } from '#shared/calls/calls.schemas';
import { currentUser, requireArea } from '#server/plugins/session';
import type { AllServices } from '#server/platform/module';

/**
 * Issue 12's calls. A call is its two members' only: anyone else gets 404, as if it did not
 * exist. A chat suspension ("Chat and video calls") closes them.
 */
export async function callsRoutes(root: FastifyInstance, { calls }: Pick<AllServices, 'calls'>) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['calls'];
  const guard = requireArea('chat');

  // TURN credentials are per member and short-lived: no cache may keep them.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/api/calls',
    {
      preHandler: guard,
      config: { answers: [404] },
      schema: { tags, body: ZCreateCall, response: { 200: ZCallCreated, 201: ZCallCreated } },
    },
    async (request, reply) => {
      const { room, created } = await calls.create(currentUser(request), request.body);
      return reply.code(created ? 201 : 200).send({ room });
    },
  );

  app.get(
    '/api/calls/:room',
    {
      preHandler: guard,
      config: { answers: [409] },
      // Any string: a malformed room is a call that does not exist (404), not bad input.
      schema: { tags, params: z.object({ room: z.string().max(100) }), response: { 200: ZCall } },
    },
    async (request) => calls.get(currentUser(request), request.params.room),
  );
}
