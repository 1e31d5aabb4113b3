import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAccountDeletion,
  ZAgeStatus,
  ZBirthDateInput,
  ZDataExportState,
  ZDeleteAccountInput,
  ZGuardianConsentInput,
  ZGuardianInput,
  ZGuardianRequest,
  ZGuardianTokenQuery,
} from '#shared/privacy/privacy.schemas';
import { download } from '#server/plugins/api-operations';
import { currentUser, openToAll, requireUser } from '#server/plugins/session';
import { noStore } from '#server/plugins/no-store';
import type { MemberLimit } from '#server/plugins/member-limits';
import type { AllServices } from '#server/platform/module';

const HOUR = 3_600_000;
const ZExportParams = z.object({ id: z.uuid('Download not found') });

/**
 * Privacy rights (decision 020). Every signed-in member has them, suspended or not: a suspension
 * closes areas, never access to or erasure of one's own data.
 */
export async function privacyRoutes(root: FastifyInstance, { privacy }: Pick<AllServices, 'privacy'>) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['privacy'];
  noStore(app);

  // Each guardian mail goes to an address the member typed: a handful an hour is plenty for typos.
  const guardianLimit: MemberLimit = {
    name: 'guardian-mail',
    max: 5,
    windowMs: HOUR,
    message: 'Too many consent mails in an hour. Please wait before sending another.',
  };
  const exportLimit: MemberLimit = {
    name: 'data-export',
    max: 5,
    windowMs: HOUR,
    message: 'Too many data exports in an hour. Please wait for the one being prepared.',
  };
  const perAddress = { rateLimit: { max: 30 * app.rateLimitScale, timeWindow: HOUR } };

  app.get(
    '/api/user/age',
    { preHandler: requireUser, schema: { tags, response: { 200: ZAgeStatus } } },
    async (request) => privacy.ageStatus(currentUser(request).id),
  );

  app.put(
    '/api/user/date-of-birth',
    {
      preHandler: requireUser,
      config: { answers: [409] },
      schema: { tags, body: ZBirthDateInput, response: { 200: ZAgeStatus } },
    },
    async (request) => privacy.recordBirthDate(currentUser(request).id, request.body.dateOfBirth),
  );

  app.post(
    '/api/user/guardian-consent',
    {
      preHandler: requireUser,
      config: { memberLimit: guardianLimit, answers: [409] },
      schema: { tags, body: ZGuardianInput, response: { 200: ZAgeStatus } },
    },
    async (request) => privacy.requestGuardian(currentUser(request).id, request.body),
  );

  // The guardian's page: public, the mailed token is the only key.
  app.get(
    '/api/guardian-consent',
    {
      preHandler: openToAll,
      config: perAddress,
      schema: { tags, querystring: ZGuardianTokenQuery, response: { 200: ZGuardianRequest } },
    },
    async (request) => privacy.guardianRequest(request.query.token),
  );

  app.post(
    '/api/guardian-consent',
    {
      preHandler: openToAll,
      config: perAddress,
      schema: { tags, body: ZGuardianConsentInput, response: { 200: ZGuardianRequest } },
    },
    async (request) =>
      privacy.guardianConsent(
        request.body.token,
        request.ip ?? null,
        request.headers['user-agent']?.slice(0, 300) ?? null,
      ),
  );

  app.get(
    '/api/user/export',
    { preHandler: requireUser, schema: { tags, response: { 200: ZDataExportState } } },
    async (request) => privacy.currentExport(currentUser(request).id),
  );

  app.post(
    '/api/user/export',
    {
      preHandler: requireUser,
      config: { memberLimit: exportLimit },
      schema: { tags, response: { 202: ZDataExportState } },
    },
    async (request, reply) => reply.status(202).send(await privacy.requestExport(currentUser(request).id)),
  );

  app.get(
    '/api/user/exports/:id/download',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Download a data export',
        params: ZExportParams,
        response: { 200: download('application/zip', 'The export, a zip archive, as an attachment.') },
      },
    },
    async (request, reply) => {
      const { file, name } = await privacy.downloadExport(currentUser(request).id, request.params.id);
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', file.size)
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(file.body);
    },
  );

  app.get(
    '/api/user/deletion',
    { preHandler: requireUser, schema: { tags, response: { 200: ZAccountDeletion } } },
    async (request) => privacy.deletion(currentUser(request).id),
  );

  app.post(
    '/api/user/delete',
    { preHandler: requireUser, schema: { tags, body: ZDeleteAccountInput, response: { 202: ZAccountDeletion } } },
    async (request, reply) =>
      reply.status(202).send(await privacy.requestDeletion(currentUser(request).id, request.body.password)),
  );

  app.post(
    '/api/user/deletion/cancel',
    { preHandler: requireUser, schema: { tags, response: { 200: ZAccountDeletion } } },
    async (request) => privacy.cancelDeletion(currentUser(request).id),
  );
}
