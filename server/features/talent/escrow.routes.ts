import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCheckoutSession } from '#shared/payments/payments.schemas';
import { ZMilestoneDisputeInput, ZMilestonePlanInput, ZMilestoneResolveInput } from '#shared/talent/escrow.schemas';
import { ZGigDetail } from '#shared/talent/talent.schemas';
import { noStore } from '#server/plugins/no-store';
import { currentUser, requireAdmin, requireArea } from '#server/plugins/session';
import type { AllServices } from '#server/platform/module';
import { markDestructive } from '../admin';

const ZParams = z.object({ id: z.uuid('Not found') });
const RESOLVE = '/api/admin/milestones/:id/resolve';

/**
 * Gig escrow with milestones (issue 27, decision 060): the poster plans, funds (a checkout like a
 * course's) and cancels milestones; either side disputes one; an admin decides, with the password
 * confirmation the other admin money routes ask for. Each answers the gig as the caller sees it.
 */
export async function escrowRoutes(root: FastifyInstance, { gigs }: Pick<AllServices, 'gigs'>) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['talent'];
  const member = requireArea('talent');
  noStore(app);
  markDestructive('POST', RESOLVE);

  app.put(
    '/api/talent/gigs/:id/milestones',
    {
      preHandler: member,
      config: { answers: [409] },
      schema: { tags, params: ZParams, body: ZMilestonePlanInput, response: { 200: ZGigDetail } },
    },
    async (request) => gigs.escrow.plan(currentUser(request), request.params.id, request.body),
  );

  app.post(
    '/api/talent/milestones/:id/checkout',
    {
      preHandler: member,
      config: { answers: [409, 428, 502] },
      schema: { tags, params: ZParams, response: { 200: ZCheckoutSession } },
    },
    async (request) => gigs.escrow.checkout(currentUser(request), request.params.id),
  );

  app.post(
    '/api/talent/milestones/:id/cancel',
    {
      preHandler: member,
      config: { answers: [409] },
      schema: { tags, params: ZParams, response: { 200: ZGigDetail } },
    },
    async (request) => gigs.escrow.cancel(currentUser(request), request.params.id),
  );

  app.post(
    '/api/talent/milestones/:id/dispute',
    {
      preHandler: member,
      config: { answers: [409] },
      schema: { tags, params: ZParams, body: ZMilestoneDisputeInput, response: { 200: ZGigDetail } },
    },
    async (request) => gigs.escrow.dispute(currentUser(request), request.params.id, request.body.reason),
  );

  app.post(
    RESOLVE,
    {
      preHandler: requireAdmin,
      config: { answers: [409, 502] },
      schema: { tags: ['admin'], params: ZParams, body: ZMilestoneResolveInput, response: { 200: ZGigDetail } },
    },
    async (request) => gigs.escrow.resolve(currentUser(request), request.params.id, request.body),
  );
}
