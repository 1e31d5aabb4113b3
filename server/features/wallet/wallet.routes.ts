import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZWallet, ZWalletEntries, ZWalletEntriesQuery } from '#shared/wallet/wallet.schemas';
import type { AllServices } from '#server/platform/module';
import { requireUser } from '#server/plugins/session';

/** The signed-in member's own wallet: nobody reads another's (there is no id to ask with). */
export async function walletRoutes(root: FastifyInstance, { wallet }: Pick<AllServices, 'wallet'>) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['wallet'];

  app.get('/api/wallet', { preHandler: requireUser, schema: { tags, response: { 200: ZWallet } } }, async (request) =>
    wallet.wallet(request.user!.id),
  );

  app.get(
    '/api/wallet/entries',
    { preHandler: requireUser, schema: { tags, querystring: ZWalletEntriesQuery, response: { 200: ZWalletEntries } } },
    async (request) => wallet.entries(request.user!.id, request.query.page),
  );
}
