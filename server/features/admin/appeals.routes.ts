import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAcceptInvite, ZAppeal, ZAppealInput, ZMyAppeal, ZSent } from '#shared/admin/admin.schemas';
import type { MemberLimit } from '#server/plugins/member-limits';
import { noStore } from '#server/plugins/no-store';
import { currentUser, openToAll, requireUser } from '#server/plugins/session';
import type { AllServices } from '#server/platform/module';

const APPEAL_LIMIT: MemberLimit = {
  name: 'appeals',
  max: 10,
  windowMs: 60 * 60_000,
  message: 'You have tried to appeal 10 times in the last hour. Please try again later.',
};

/** A suspended member's appeal, from /suspended: it lands in the admins' "appeals" queue. */
export async function appealsRoutes(root: FastifyInstance, { admin }: Pick<AllServices, 'admin'>) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { appeals } = admin;
  const tags = ['admin'];
  noStore(app);

  app.get(
    '/api/appeals/mine',
    { preHandler: requireUser, schema: { tags, response: { 200: ZMyAppeal } } },
    async (request) => ({ appeal: await appeals.mine(currentUser(request)) }),
  );

  app.post(
    '/api/appeals',
    {
      preHandler: requireUser,
      config: { memberLimit: APPEAL_LIMIT, answers: [409] },
      schema: { tags, body: ZAppealInput, response: { 201: ZAppeal } },
    },
    async (request, reply) => reply.status(201).send(await appeals.create(currentUser(request), request.body.message)),
  );

  /** The invited admin's mailed link: sets their password (a visitor's route, outside /api/admin/). */
  app.post(
    '/api/admin-invitations/accept',
    {
      preHandler: openToAll,
      config: { rateLimit: { max: 10 * app.rateLimitScale, timeWindow: 60_000 } },
      schema: { tags, body: ZAcceptInvite, response: { 200: ZSent } },
    },
    async (request) => admin.invitations.accept(request.body.token, request.body.password),
  );
}
