import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZActionReason } from '#shared/admin/admin.schemas';
import { ZAdminJobList, ZAdminJobsQuery, ZTakeDown } from '#shared/jobs/job-moderation.schemas';
import { ZJobDetail } from '#shared/jobs/jobs.schemas';
import { noStore } from '#server/plugins/no-store';
import { currentUser, requireAdmin } from '#server/plugins/session';
import { markDestructive } from '../admin';
import { ZJobParams } from './jobs.routes';
import type { AllServices } from '#server/platform/module';

const TAKE_DOWN = '/api/admin/jobs/:id/take-down';

/**
 * The admin console's jobs screen (issue 13): the list, take-down and restore. Taking a job down
 * is destructive like suspending a member: it needs a fresh password confirmation (decision 027).
 */
export async function jobModerationRoutes(
  root: FastifyInstance,
  { jobModeration }: Pick<AllServices, 'jobModeration'>,
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  noStore(app);
  markDestructive('POST', TAKE_DOWN);

  app.get(
    '/api/admin/jobs',
    { preHandler: requireAdmin, schema: { tags, querystring: ZAdminJobsQuery, response: { 200: ZAdminJobList } } },
    async (request) => jobModeration.list(currentUser(request), request.query),
  );

  app.post(
    TAKE_DOWN,
    {
      preHandler: requireAdmin,
      config: { answers: [409] },
      schema: { tags, params: ZJobParams, body: ZTakeDown, response: { 200: ZJobDetail } },
    },
    async (request) => jobModeration.takeDown(currentUser(request), request.params.id, request.body.reason),
  );

  app.post(
    '/api/admin/jobs/:id/restore',
    {
      preHandler: requireAdmin,
      config: { answers: [409] },
      schema: { tags, params: ZJobParams, body: ZActionReason.nullish(), response: { 200: ZJobDetail } },
    },
    async (request) => jobModeration.restore(currentUser(request), request.params.id, request.body?.reason),
  );
}
