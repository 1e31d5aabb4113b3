import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZBid,
  ZBidInput,
  ZDeliverInput,
  ZGigDetail,
  ZGigMatch,
  ZGigInput,
  ZGigList,
  ZGigReview,
  ZGigsQuery,
  ZInvitation,
  ZInvitationInput,
  ZMyBids,
  ZMyInvitations,
  ZMyGigs,
  ZRequestChangesInput,
  ZReviewInput,
  ZPortfolioInput,
  ZPortfolioItem,
  ZTalentDetail,
  ZTalentList,
  ZTalentsQuery,
} from '#shared/talent/talent.schemas';
import { noContent } from '#server/plugins/api-operations';
import { currentUser, openToVisitors, requireArea } from '#server/plugins/session';
import { noStore } from '#server/plugins/no-store';
import type { MemberLimit } from '#server/plugins/member-limits';
import type { AllServices } from '#server/platform/module';

const ZParams = z.object({ id: z.uuid('Not found') });
const ZNote = z.object({ note: z.string().trim().max(2_000).default('') });

/** Browsing is open to visitors, closed to a member suspended from talent. */
export const talentOpenToVisitors = openToVisitors('talent');

const GIG_CREATION_LIMIT: MemberLimit = {
  name: 'gig-create',
  max: 20,
  windowMs: 24 * 60 * 60_000,
  message: 'You can post up to 20 gigs a day. Please try again tomorrow.',
};

/** Invitations reach a talent's bell directly: a poster asks people, a script would spam them. */
const INVITATION_LIMIT: MemberLimit = {
  name: 'gig-invite',
  max: 50,
  windowMs: 24 * 60 * 60_000,
  message: 'You can send up to 50 invitations to bid a day. Please try again tomorrow.',
};

/** Gigs and bids (issue 14): posting, bidding, hiring, delivery, reviews. */
export async function gigsRoutes(root: FastifyInstance, { gigs, talent }: Pick<AllServices, 'gigs' | 'talent'>) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['talent'];
  const member = requireArea('talent');
  noStore(app);

  app.get(
    '/api/talent/gigs',
    { preHandler: talentOpenToVisitors, schema: { tags, querystring: ZGigsQuery, response: { 200: ZGigList } } },
    async (request) => gigs.list(request.user, request.query),
  );
  app.post(
    '/api/talent/gigs',
    {
      preHandler: member,
      config: { memberLimit: GIG_CREATION_LIMIT },
      schema: { tags, body: ZGigInput, response: { 201: ZGigDetail } },
    },
    async (request, reply) => reply.status(201).send(await gigs.create(currentUser(request), request.body)),
  );
  app.get(
    '/api/talent/gigs/:id',
    { preHandler: talentOpenToVisitors, schema: { tags, params: ZParams, response: { 200: ZGigDetail } } },
    async (request) => gigs.detail(request.user, request.params.id),
  );
  app.get(
    '/api/talent/gigs/:id/match',
    { preHandler: member, schema: { tags, params: ZParams, response: { 200: ZGigMatch } } },
    async (request) => gigs.match(currentUser(request), request.params.id),
  );

  app.post(
    '/api/talent/gigs/:id/bids',
    { preHandler: member, schema: { tags, params: ZParams, body: ZBidInput, response: { 201: ZBid } } },
    async (request, reply) =>
      reply.status(201).send(await gigs.bid(currentUser(request), request.params.id, request.body)),
  );
  app.patch(
    '/api/talent/bids/:id',
    { preHandler: member, schema: { tags, params: ZParams, body: ZBidInput, response: { 200: ZBid } } },
    async (request) => gigs.editBid(currentUser(request), request.params.id, request.body),
  );
  app.post(
    '/api/talent/bids/:id/accept',
    { preHandler: member, schema: { tags, params: ZParams, response: { 200: ZGigDetail } } },
    async (request) => gigs.acceptBid(currentUser(request), request.params.id),
  );
  app.post(
    '/api/talent/bids/:id/withdraw',
    { preHandler: member, schema: { tags, params: ZParams, response: { 200: ZBid } } },
    async (request) => gigs.withdrawBid(currentUser(request), request.params.id),
  );
  app.post(
    '/api/talent/gigs/:id/deliver',
    { preHandler: member, schema: { tags, params: ZParams, body: ZDeliverInput, response: { 200: ZGigDetail } } },
    async (request) =>
      gigs.deliver(currentUser(request), request.params.id, request.body.note, request.body.fileUploadIds),
  );
  app.post(
    '/api/talent/gigs/:id/accept-delivery',
    { preHandler: member, schema: { tags, params: ZParams, response: { 200: ZGigDetail } } },
    async (request) => gigs.acceptDelivery(currentUser(request), request.params.id),
  );
  app.post(
    '/api/talent/gigs/:id/request-changes',
    {
      preHandler: member,
      schema: { tags, params: ZParams, body: ZRequestChangesInput.nullish(), response: { 200: ZGigDetail } },
    },
    async (request) => gigs.requestChanges(currentUser(request), request.params.id, request.body?.note ?? ''),
  );
  app.post(
    '/api/talent/gigs/:id/cancel',
    { preHandler: member, schema: { tags, params: ZParams, response: { 200: ZGigDetail } } },
    async (request) => gigs.cancel(currentUser(request), request.params.id),
  );
  app.post(
    '/api/talent/gigs/:id/dispute',
    { preHandler: member, schema: { tags, params: ZParams, body: ZNote.nullish(), response: { 200: ZGigDetail } } },
    async (request) => gigs.dispute(currentUser(request), request.params.id, request.body?.note ?? ''),
  );
  app.post(
    '/api/talent/gigs/:id/reviews',
    { preHandler: member, schema: { tags, params: ZParams, body: ZReviewInput, response: { 201: ZGigReview } } },
    async (request, reply) =>
      reply.status(201).send(await gigs.review(currentUser(request), request.params.id, request.body)),
  );
  app.post(
    '/api/talent/gigs/:id/invitations',
    {
      preHandler: member,
      config: { memberLimit: INVITATION_LIMIT },
      schema: { tags, params: ZParams, body: ZInvitationInput, response: { 201: ZInvitation } },
    },
    async (request, reply) =>
      reply.status(201).send(await talent.invite(currentUser(request), request.params.id, request.body.talentId)),
  );
  app.get(
    '/api/talent/my-gigs',
    { preHandler: member, schema: { tags, response: { 200: ZMyGigs } } },
    async (request) => gigs.myGigs(currentUser(request)),
  );
  app.get(
    '/api/talent/my-invitations',
    { preHandler: member, schema: { tags, response: { 200: ZMyInvitations } } },
    async (request) => talent.myInvitations(currentUser(request)),
  );
  app.get(
    '/api/talent/my-bids',
    { preHandler: member, schema: { tags, response: { 200: ZMyBids } } },
    async (request) => gigs.myBids(currentUser(request)),
  );
}

/** The talent directory: open to visitors like the catalogue. */
export async function talentRoutes(
  root: FastifyInstance,
  { talent, portfolio }: Pick<AllServices, 'talent' | 'portfolio'>,
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['talent'];
  noStore(app);
  app.get(
    '/api/talent',
    { preHandler: talentOpenToVisitors, schema: { tags, querystring: ZTalentsQuery, response: { 200: ZTalentList } } },
    async (request) => talent.list(request.query),
  );
  app.get(
    '/api/talent/:id',
    { preHandler: talentOpenToVisitors, schema: { tags, params: ZParams, response: { 200: ZTalentDetail } } },
    async (request) => talent.detail(request.user, request.params.id),
  );
  const member = requireArea('talent');
  app.post(
    '/api/talent/portfolio',
    { preHandler: member, schema: { tags, body: ZPortfolioInput, response: { 201: ZPortfolioItem } } },
    async (request, reply) => reply.status(201).send(await portfolio.add(currentUser(request), request.body)),
  );
  app.delete(
    '/api/talent/portfolio/:id',
    {
      preHandler: member,
      schema: {
        tags,
        summary: 'Delete a portfolio item',
        params: ZParams,
        response: { 204: noContent('The item is deleted.') },
      },
    },
    async (request, reply) => {
      await portfolio.remove(currentUser(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
