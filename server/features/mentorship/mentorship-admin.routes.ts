import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAdminApplicationQuery, ZAdminApplications, ZApplicationDecision, ZMentorApplication } from '../../../shared/mentorship/mentorship.schemas';
import { noStore } from '../../plugins/no-store';
import { currentUser, requireAdmin } from '../../plugins/session';

const ZId = z.object({ id: z.uuid('Application not found') });

/** The admins' queue of mentor applications (issue 15 item 1). */
export async function mentorshipAdminRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { mentorship } = app.services;
  const tags = ['admin', 'mentorship'];
  noStore(app);

  app.get('/api/admin/mentor-applications', { preHandler: requireAdmin, schema: { tags, querystring: ZAdminApplicationQuery, response: { 200: ZAdminApplications } } }, async (request) =>
    mentorship.applications.queue(currentUser(request), request.query.status),
  );
  app.post(
    '/api/admin/mentor-applications/:id/decision',
    { preHandler: requireAdmin, config: { answers: [409] }, schema: { tags, params: ZId, body: ZApplicationDecision, response: { 200: ZMentorApplication } } },
    async (request) => mentorship.applications.decide(currentUser(request), request.params.id, request.body),
  );
}
