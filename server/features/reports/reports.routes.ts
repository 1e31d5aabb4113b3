import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZReportCreated, ZReportInput, ZReportList, ZReportsQuery } from '#shared/reports/reports.schemas';
import type { MemberLimit } from '#server/plugins/member-limits';
import { currentUser, requireAdmin, requireUser } from '#server/plugins/session';
import type { AllServices } from '#server/platform/module';

/** Reports store evidence: a loop would fill the admins' queue. */
const REPORT_LIMIT: MemberLimit = {
  name: 'reports',
  max: 30,
  windowMs: 60 * 60_000,
  message: 'You have sent 30 reports in the last hour, the most an hour allows. Please try again later.',
};

export async function reportsRoutes(root: FastifyInstance, { reports }: Pick<AllServices, 'reports'>) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/reports',
    {
      preHandler: requireUser,
      config: { memberLimit: REPORT_LIMIT, answers: [404] },
      schema: { tags: ['reports'], body: ZReportInput, response: { 201: ZReportCreated } },
    },
    async (request, reply) => reply.status(201).send(await reports.create(currentUser(request), request.body)),
  );

  /** A minimal list for now; the admin console issue builds the real queue on it. */
  app.get(
    '/api/admin/reports',
    {
      preHandler: requireAdmin,
      schema: { tags: ['admin'], querystring: ZReportsQuery, response: { 200: ZReportList } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { reports: await reports.list(request.query.status) };
    },
  );
}
