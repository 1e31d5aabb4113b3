import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZUserParams } from '#shared/admin/admin.schemas';
import {
  ZAdjustment,
  ZAdjustmentInput,
  ZAdminMemberWallet,
  ZAdminPayouts,
  ZAdminPayoutsQuery,
  ZAdminWalletQuery,
} from '#shared/wallet/wallet-admin.schemas';
import type { AllServices } from '#server/platform/module';
import { noStore } from '#server/plugins/no-store';
import { currentUser, requireAdmin } from '#server/plugins/session';
import { requireConfirmedAdmin } from '../admin';

/** The console's wallet screens (admins only): a member's wallet, payouts by state, and adjustments with a fresh password. */
export async function walletAdminRoutes(root: FastifyInstance, { walletAdmin }: Pick<AllServices, 'walletAdmin'>) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  noStore(app);

  app.get(
    '/api/admin/users/:id/wallet',
    {
      preHandler: requireAdmin,
      schema: { tags, params: ZUserParams, querystring: ZAdminWalletQuery, response: { 200: ZAdminMemberWallet } },
    },
    async (request) => walletAdmin.memberWallet(request.params.id, request.query.page),
  );

  app.post(
    '/api/admin/users/:id/wallet/adjustments',
    {
      preHandler: requireConfirmedAdmin,
      config: { answers: [409] },
      schema: { tags, params: ZUserParams, body: ZAdjustmentInput, response: { 201: ZAdjustment } },
    },
    async (request, reply) =>
      reply.code(201).send(await walletAdmin.adjust(currentUser(request), request.params.id, request.body)),
  );

  app.get(
    '/api/admin/payouts',
    { preHandler: requireAdmin, schema: { tags, querystring: ZAdminPayoutsQuery, response: { 200: ZAdminPayouts } } },
    async (request) => walletAdmin.payouts(request.query.status, request.query.page),
  );
}
