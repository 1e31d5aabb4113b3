import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCertificate } from '#shared/courses/lessons.schemas';
import type { AllServices } from '#server/platform/module';
import { download } from '#server/plugins/api-operations';
import { openToAll } from '#server/plugins/session';

/** Public by design: a certificate is confirmed to whoever holds its code (an employer, say). */
export async function certificatesRoutes(root: FastifyInstance, { certificates }: Pick<AllServices, 'certificates'>) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['certificates'];
  // Any string: a malformed code is a certificate that does not exist (404), not bad input.
  const params = z.object({ code: z.string().max(40) });

  app.get(
    '/api/certificates/:code',
    { preHandler: openToAll, schema: { tags, params, response: { 200: ZCertificate } } },
    async (request) => certificates.getPublic(request.params.code),
  );

  app.get(
    '/api/certificates/:code/pdf',
    {
      preHandler: openToAll,
      schema: {
        tags,
        summary: 'Download a certificate as PDF',
        params,
        response: { 200: download('application/pdf', 'The certificate, as an attachment.') },
      },
    },
    async (request, reply) => {
      const { fileName, bytes } = await certificates.pdf(request.params.code);
      // The name is made of the code's own safe characters only.
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'public, max-age=3600')
        .send(Buffer.from(bytes));
    },
  );
}
