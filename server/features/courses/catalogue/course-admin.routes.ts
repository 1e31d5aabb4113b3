import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAdminCoursesQuery, ZCourseDetail, ZReviewDecision, ZTutorCourseList } from '#shared/courses/courses.schemas';
import { currentUser, requireAdmin } from '#server/plugins/session';
import { noStore } from '#server/plugins/no-store';
import { ZCourseParams } from '../course-guards';
import type { AllServices } from '#server/platform/module';

/** The review queue: admins approve or reject what tutors submit. */
export async function courseAdminRoutes(root: FastifyInstance, { courses }: Pick<AllServices, 'courses'>) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  noStore(app);

  app.get(
    '/api/admin/courses',
    {
      preHandler: requireAdmin,
      schema: { tags, querystring: ZAdminCoursesQuery, response: { 200: ZTutorCourseList } },
    },
    async (request) => courses.byStatus(currentUser(request), request.query.status),
  );

  app.post(
    '/api/admin/courses/:id/review',
    {
      preHandler: requireAdmin,
      schema: { tags, params: ZCourseParams, body: ZReviewDecision, response: { 200: ZCourseDetail } },
    },
    async (request) => courses.decide(currentUser(request), request.params.id, request.body),
  );
}
