import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZApplicationCreated,
  ZCancelResult,
  ZEarnings,
  ZMentorApplicationInput,
  ZMentorDetail,
  ZMentorList,
  ZMentorsQuery,
  ZMyApplications,
  ZPauseInput,
  ZPlan,
  ZPlanInput,
  ZPlanList,
  ZPlanPatch,
  ZSubscription,
  ZSubscriptionList,
} from '#shared/mentorship/mentorship.schemas';
import {
  ZReview,
  ZReviewInput,
  ZReviewList,
  ZReviewReplyInput,
  ZReviewsQuery,
} from '#shared/mentorship/reviews.schemas';
import type { MemberLimit } from '#server/plugins/member-limits';
import { noStore } from '#server/plugins/no-store';
import { noContent } from '#server/plugins/api-operations';
import { currentUser, openToVisitors, requireArea } from '#server/plugins/session';
import type { AllServices } from '#server/platform/module';

const ZId = z.object({ id: z.uuid('Not found') });
const ZCancelInput = z.object({ immediately: z.boolean().optional() }).optional();
const MINUTE = 60_000;

/** Browsing is open to visitors, closed to a member suspended from mentorship. */
const mentorshipOpenToVisitors = openToVisitors('mentorship');

/** Applications, plans, the directory, subscriptions and earnings (issue 15, decision 031). */
export async function mentorshipRoutes(root: FastifyInstance, { mentorship }: Pick<AllServices, 'mentorship'>) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['mentorship'];
  const member = requireArea('mentorship');
  noStore(app);
  const checkoutLimit: MemberLimit = {
    name: 'mentor-checkout',
    max: 20,
    windowMs: MINUTE,
    message: 'Too many checkouts in a minute. Please wait a moment and try again.',
  };

  app.post(
    '/api/mentorship/applications',
    {
      preHandler: member,
      config: { answers: [409] },
      schema: { tags, body: ZMentorApplicationInput, response: { 201: ZApplicationCreated } },
    },
    async (request, reply) =>
      reply.status(201).send(await mentorship.applications.apply(currentUser(request), request.body)),
  );
  app.get(
    '/api/mentorship/applications',
    { preHandler: member, schema: { tags, response: { 200: ZMyApplications } } },
    async (request) => mentorship.applications.mine(currentUser(request)),
  );

  app.get(
    '/api/mentors',
    {
      preHandler: mentorshipOpenToVisitors,
      schema: { tags, querystring: ZMentorsQuery, response: { 200: ZMentorList } },
    },
    async (request) => mentorship.mentors.list(request.user, request.query),
  );
  app.get(
    '/api/mentors/:id',
    { preHandler: mentorshipOpenToVisitors, schema: { tags, params: ZId, response: { 200: ZMentorDetail } } },
    async (request) => mentorship.mentors.detail(request.user, request.params.id),
  );
  app.get(
    '/api/mentors/:id/plans',
    { preHandler: mentorshipOpenToVisitors, schema: { tags, params: ZId, response: { 200: ZPlanList } } },
    async (request) => {
      await mentorship.mentors.detail(request.user, request.params.id);
      return mentorship.plans.ofMentor(request.params.id);
    },
  );

  app.get(
    '/api/mentorship/reviews',
    {
      preHandler: mentorshipOpenToVisitors,
      config: { answers: [404] },
      schema: { tags, querystring: ZReviewsQuery, response: { 200: ZReviewList } },
    },
    async (request) => mentorship.reviews.list(request.user, request.query.mentorId, request.query.page),
  );
  app.post(
    '/api/mentorship/reviews',
    {
      preHandler: member,
      config: { answers: [404, 409] },
      schema: { tags, body: ZReviewInput, response: { 201: ZReview } },
    },
    async (request, reply) =>
      reply.status(201).send(await mentorship.reviews.create(currentUser(request), request.body)),
  );
  app.put(
    '/api/mentorship/reviews/:id/reply',
    {
      preHandler: member,
      config: { answers: [404, 409] },
      schema: { tags, params: ZId, body: ZReviewReplyInput, response: { 200: ZReview } },
    },
    async (request) => mentorship.reviewReplies.reply(currentUser(request), request.params.id, request.body.text),
  );
  app.delete(
    '/api/mentorship/reviews/:id/reply',
    {
      preHandler: member,
      config: { answers: [404, 409] },
      schema: {
        tags,
        summary: 'Delete my reply to a review',
        params: ZId,
        response: { 204: noContent('The reply is deleted.') },
      },
    },
    async (request, reply) => {
      await mentorship.reviewReplies.removeReply(currentUser(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/mentor/plans',
    { preHandler: member, schema: { tags, response: { 200: ZPlanList } } },
    async (request) => mentorship.plans.own(currentUser(request)),
  );
  app.post(
    '/api/mentor/plans',
    { preHandler: member, config: { answers: [409] }, schema: { tags, body: ZPlanInput, response: { 201: ZPlan } } },
    async (request, reply) => reply.status(201).send(await mentorship.plans.create(currentUser(request), request.body)),
  );
  app.patch(
    '/api/mentor/plans/:id',
    {
      preHandler: member,
      config: { answers: [409] },
      schema: { tags, params: ZId, body: ZPlanPatch, response: { 200: ZPlan } },
    },
    async (request) => mentorship.plans.update(currentUser(request), request.params.id, request.body),
  );
  app.delete(
    '/api/mentor/plans/:id',
    {
      preHandler: member,
      schema: {
        tags,
        summary: 'Delete or retire a plan',
        params: ZId,
        response: {
          204: noContent(
            'A plan nobody ever subscribed to is deleted; any other is made inactive, its subscriptions kept.',
          ),
        },
      },
    },
    async (request, reply) => {
      await mentorship.plans.remove(currentUser(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/mentor/plans/:id/subscribe',
    {
      preHandler: member,
      config: { memberLimit: checkoutLimit, answers: [409, 428, 502] },
      schema: { tags, params: ZId, response: { 200: z.object({ url: z.string() }), 201: ZSubscription } },
    },
    async (request, reply) => {
      const result = await mentorship.subscriptions.subscribe(currentUser(request), request.params.id);
      return result.created ? reply.status(201).send(result.subscription) : reply.status(200).send({ url: result.url });
    },
  );

  app.get(
    '/api/mentor/subscriptions',
    { preHandler: member, schema: { tags, response: { 200: ZSubscriptionList } } },
    async (request) => mentorship.subscriptions.ofMentor(currentUser(request)),
  );
  app.get(
    '/api/mentee/subscriptions',
    { preHandler: member, schema: { tags, response: { 200: ZSubscriptionList } } },
    async (request) => mentorship.subscriptions.ofMentee(currentUser(request)),
  );
  app.post(
    '/api/subscriptions/:id/cancel',
    {
      preHandler: member,
      config: { answers: [409] },
      schema: {
        tags,
        params: ZId,
        body: ZCancelInput,
        response: { 200: ZCancelResult.extend({ refundDueMinor: z.number().int() }) },
      },
    },
    async (request) => mentorship.subscriptions.cancel(currentUser(request), request.params.id, request.body ?? {}),
  );
  app.post(
    '/api/subscriptions/:id/pause',
    {
      preHandler: member,
      config: { answers: [409] },
      schema: { tags, params: ZId, body: ZPauseInput, response: { 200: ZSubscription } },
    },
    async (request) => mentorship.subscriptions.pause(currentUser(request), request.params.id, request.body.days),
  );
  app.post(
    '/api/subscriptions/:id/renew',
    {
      preHandler: member,
      config: { memberLimit: checkoutLimit, answers: [409, 428, 502] },
      schema: { tags, params: ZId, response: { 200: z.object({ url: z.string() }) } },
    },
    async (request) => mentorship.subscriptions.renew(currentUser(request), request.params.id),
  );

  app.get(
    '/api/mentor/earnings',
    { preHandler: member, schema: { tags, response: { 200: ZEarnings } } },
    async (request) => mentorship.earnings(currentUser(request)),
  );
}
