import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZEarningsByMonth } from '#shared/wallet/earnings.schemas';
import type { AllServices } from '#server/platform/module';
import { noStore } from '#server/plugins/no-store';
import { download } from '#server/plugins/api-operations';
import { requireUser } from '#server/plugins/session';

/** The signed-in member's own earnings by month and the CSV of their lines: there is no id to ask another's with. */
export async function walletReportsRoutes(
  root: FastifyInstance,
  { walletReports }: Pick<AllServices, 'walletReports'>,
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['wallet'];
  noStore(app);

  app.get(
    '/api/wallet/earnings-by-month',
    { preHandler: requireUser, schema: { tags, response: { 200: ZEarningsByMonth } } },
    async (request) => walletReports.earningsByMonth(request.user!.id),
  );

  app.get(
    '/api/wallet/entries.csv',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Download my wallet entries as CSV',
        response: { 200: download('text/csv', 'Every entry of my wallet, one row each, as an attachment.') },
      },
    },
    async (request, reply) => {
      const csv = await walletReports.entriesCsv(request.user!.id);
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', 'attachment; filename="wallet.csv"');
      return csv;
    },
  );
}
