import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAdminApplicationQuery,
  ZAdminApplications,
  ZApplicationDecision,
  ZMentorApplication,
} from '#shared/mentorship/mentorship.schemas';
import {
  ZAdminReview,
  ZAdminReviewList,
  ZAdminReviewsQuery,
  ZReviewHideInput,
} from '#shared/mentorship/reviews.schemas';
import { noStore } from '#server/plugins/no-store';
import { currentUser, requireAdmin } from '#server/plugins/session';
import { requireConfirmedAdmin } from '../admin';
import type { AllServices } from '#server/platform/module';

const ZId = z.object({ id: z.uuid('Application not found') });
const ZReviewId = z.object({ id: z.uuid('Review not found') });

/** The admins' queue of mentor applications (issue 15 item 1) and the moderation of mentor reviews (decision 035). */
export async function mentorshipAdminRoutes(root: FastifyInstance, { mentorship }: Pick<AllServices, 'mentorship'>) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin', 'mentorship'];
  noStore(app);

  app.get(
    '/api/admin/mentor-applications',
    {
      preHandler: requireAdmin,
      schema: { tags, querystring: ZAdminApplicationQuery, response: { 200: ZAdminApplications } },
    },
    async (request) => mentorship.applications.queue(currentUser(request), request.query.status),
  );
  app.post(
    '/api/admin/mentor-applications/:id/decision',
    {
      preHandler: requireAdmin,
      config: { answers: [409] },
      schema: { tags, params: ZId, body: ZApplicationDecision, response: { 200: ZMentorApplication } },
    },
    async (request) => mentorship.applications.decide(currentUser(request), request.params.id, request.body),
  );

  app.get(
    '/api/admin/mentor-reviews',
    {
      preHandler: requireAdmin,
      schema: { tags, querystring: ZAdminReviewsQuery, response: { 200: ZAdminReviewList } },
    },
    async (request) => mentorship.reviewReplies.ofMember(currentUser(request), request.query.userId),
  );
  // Hiding changes what every visitor reads: a fresh password, like the console's take-downs.
  app.post(
    '/api/admin/mentor-reviews/:id/hide',
    {
      preHandler: requireConfirmedAdmin,
      config: { answers: [404, 409] },
      schema: { tags, params: ZReviewId, body: ZReviewHideInput, response: { 200: ZAdminReview } },
    },
    async (request) => mentorship.reviewReplies.setHidden(currentUser(request), request.params.id, request.body.reason),
  );
  app.post(
    '/api/admin/mentor-reviews/:id/unhide',
    {
      preHandler: requireConfirmedAdmin,
      config: { answers: [404, 409] },
      schema: { tags, params: ZReviewId, response: { 200: ZAdminReview } },
    },
    async (request) => mentorship.reviewReplies.setHidden(currentUser(request), request.params.id, null),
  );
}
