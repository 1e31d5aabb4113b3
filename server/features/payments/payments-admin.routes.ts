import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAdminRefundList,
  ZAdminRefundQuery,
  ZAdminRefundRequest,
  ZRefundDecisionInput,
} from '#shared/payments/payments.schemas';
import { currentUser, requireAdmin } from '#server/plugins/session';
import { noStore } from '#server/plugins/no-store';
import type { AllServices } from '#server/platform/module';

const ZRequestParams = z.object({ id: z.uuid('Refund request not found') });

/** The admins' refund queue: approve (the gateway refunds, the item is taken back) or decline with a note. */
export async function paymentsAdminRoutes(root: FastifyInstance, { payments }: Pick<AllServices, 'payments'>) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  noStore(app);

  app.get(
    '/api/admin/refund-requests',
    { preHandler: requireAdmin, schema: { tags, querystring: ZAdminRefundQuery, response: { 200: ZAdminRefundList } } },
    async (request) => payments.refundRequests(currentUser(request), request.query.status),
  );

  app.post(
    '/api/admin/refund-requests/:id/decision',
    {
      preHandler: requireAdmin,
      config: { answers: [409, 502] },
      schema: { tags, params: ZRequestParams, body: ZRefundDecisionInput, response: { 200: ZAdminRefundRequest } },
    },
    async (request) => payments.decideRefund(currentUser(request), request.params.id, request.body),
  );
}
