import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZBroadcastCreated,
  ZBroadcastInput,
  ZBroadcastList,
  ZBroadcastQuery,
} from '#shared/notifications/broadcasts.schemas';
import { currentUser, requireAdmin } from '#server/plugins/session';
import type { AllServices } from '#server/platform/module';

export async function adminRoutes(root: FastifyInstance, { admin }: Pick<AllServices, 'admin'>) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  app.post(
    '/api/admin/broadcasts',
    { preHandler: requireAdmin, schema: { tags, body: ZBroadcastInput, response: { 201: ZBroadcastCreated } } },
    async (request, reply) => reply.status(201).send(await admin.broadcast(currentUser(request), request.body)),
  );

  app.get(
    '/api/admin/broadcasts',
    { preHandler: requireAdmin, schema: { tags, querystring: ZBroadcastQuery, response: { 200: ZBroadcastList } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return admin.broadcasts(currentUser(request), request.query.page);
    },
  );
}
