import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZBanks,
  ZPayoutAccount,
  ZPayoutAccountInput,
  ZPayoutAccountState,
  ZPayoutCreated,
  ZPayoutInput,
  ZPayouts,
} from '#shared/wallet/payouts.schemas';
import type { AllServices } from '#server/platform/module';
import { requireUser } from '#server/plugins/session';

/** Payouts: the member's own bank account and withdrawals; nobody reaches another's. */
export async function payoutsRoutes(root: FastifyInstance, { payouts }: Pick<AllServices, 'payouts'>) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['wallet'];

  app.get('/api/payouts/banks', { preHandler: requireUser, schema: { tags, response: { 200: ZBanks } } }, async () => ({
    banks: await payouts.banks(),
  }));

  app.get(
    '/api/wallet/payout-account',
    { preHandler: requireUser, schema: { tags, response: { 200: ZPayoutAccountState } } },
    async (request) => ({ account: await payouts.account(request.user!.id) }),
  );

  app.put(
    '/api/wallet/payout-account',
    {
      preHandler: requireUser,
      config: { answers: [409] },
      schema: { tags, body: ZPayoutAccountInput, response: { 200: ZPayoutAccount } },
    },
    async (request) => payouts.setAccount(request.user!, request.body),
  );

  app.get(
    '/api/wallet/payouts',
    { preHandler: requireUser, schema: { tags, response: { 200: ZPayouts } } },
    async (request) => ({ payouts: await payouts.list(request.user!.id) }),
  );

  app.post(
    '/api/wallet/payouts',
    {
      preHandler: requireUser,
      config: { answers: [409] },
      schema: { tags, body: ZPayoutInput, response: { 201: ZPayoutCreated } },
    },
    async (request, reply) => reply.code(201).send(await payouts.request(request.user!, request.body)),
  );
}
