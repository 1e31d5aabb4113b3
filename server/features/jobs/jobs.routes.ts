import { ZLevelFilter } from '#shared/passport/passport.schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZApplication,
  ZApplicationInput,
  ZApplicationPatch,
  ZBulkReject,
  ZBulkRejected,
  ZEmployerApplications,
  ZEmployerJobList,
  ZJobDetail,
  ZJobInput,
  ZJobList,
  ZJobMatch,
  ZJobPatch,
  ZJobsQuery,
  ZSavedJobs,
  ZSeekerApplications,
} from '#shared/jobs/jobs.schemas';
import { noContent } from '#server/plugins/api-operations';
import { currentUser, openToVisitors, requireArea } from '#server/plugins/session';
import { noStore } from '#server/plugins/no-store';
import type { MemberLimit } from '#server/plugins/member-limits';
import type { AllServices } from '#server/platform/module';

export const ZJobParams = z.object({ id: z.uuid('Job not found') });
const ZApplicationParams = z.object({ id: z.uuid('Application not found') });

/** The board and a job's page are open to visitors, and closed to a member suspended from jobs. */
const jobsOpenToVisitors = openToVisitors('jobs');

const JOB_POSTING_LIMIT: MemberLimit = {
  name: 'job-post',
  max: 30,
  windowMs: 24 * 3_600_000,
  message: 'You can post up to 30 jobs a day. Please try again tomorrow.',
};
const APPLICATION_LIMIT: MemberLimit = {
  name: 'job-apply',
  max: 100,
  windowMs: 24 * 3_600_000,
  message: 'You have sent 100 applications today, the most a day allows. Please try again tomorrow.',
};

/** Jobs (issue 13): the board, posting, applications and the hiring pipeline. */
export async function jobsRoutes(
  root: FastifyInstance,
  { jobBoard, jobApplications }: Pick<AllServices, 'jobBoard' | 'jobApplications'>,
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['jobs'];
  const member = requireArea('jobs');
  noStore(app);

  app.get(
    '/api/jobs',
    { preHandler: jobsOpenToVisitors, schema: { tags, querystring: ZJobsQuery, response: { 200: ZJobList } } },
    async (request) => jobBoard.list(request.user, request.query),
  );

  app.post(
    '/api/jobs',
    {
      preHandler: member,
      config: { memberLimit: JOB_POSTING_LIMIT },
      schema: { tags, body: ZJobInput, response: { 201: ZJobDetail } },
    },
    async (request, reply) => reply.status(201).send(await jobBoard.create(currentUser(request), request.body)),
  );

  app.get(
    '/api/jobs/:id',
    { preHandler: jobsOpenToVisitors, schema: { tags, params: ZJobParams, response: { 200: ZJobDetail } } },
    async (request) =>
      jobBoard.page(request.user, request.params.id, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      }),
  );

  app.patch(
    '/api/jobs/:id',
    { preHandler: member, schema: { tags, params: ZJobParams, body: ZJobPatch, response: { 200: ZJobDetail } } },
    async (request) => jobBoard.update(currentUser(request), request.params.id, request.body),
  );

  app.post(
    '/api/jobs/:id/close',
    { preHandler: member, schema: { tags, params: ZJobParams, response: { 200: ZJobDetail } } },
    async (request) => jobBoard.close(currentUser(request), request.params.id),
  );

  app.get(
    '/api/jobs/:id/match',
    { preHandler: member, schema: { tags, params: ZJobParams, response: { 200: ZJobMatch } } },
    async (request) => jobBoard.match(currentUser(request), request.params.id),
  );

  app.put(
    '/api/jobs/:id/save',
    {
      preHandler: member,
      schema: {
        tags,
        summary: 'Save a job',
        params: ZJobParams,
        response: { 204: noContent('The job is among my saved jobs.') },
      },
    },
    async (request, reply) => {
      await jobBoard.save(currentUser(request), request.params.id, true);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/jobs/:id/save',
    {
      preHandler: member,
      schema: {
        tags,
        summary: 'Unsave a job',
        params: ZJobParams,
        response: { 204: noContent('The job is no longer among my saved jobs.') },
      },
    },
    async (request, reply) => {
      await jobBoard.save(currentUser(request), request.params.id, false);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/user/saved-jobs',
    { preHandler: member, schema: { tags, response: { 200: ZSavedJobs } } },
    async (request) => jobBoard.savedJobs(currentUser(request)),
  );

  app.get(
    '/api/employer/jobs',
    { preHandler: member, schema: { tags, response: { 200: ZEmployerJobList } } },
    async (request) => jobBoard.employerJobs(currentUser(request)),
  );

  app.post(
    '/api/jobs/:id/applications',
    {
      preHandler: member,
      config: { memberLimit: APPLICATION_LIMIT, answers: [409] },
      schema: { tags, params: ZJobParams, body: ZApplicationInput, response: { 201: ZApplication } },
    },
    async (request, reply) =>
      reply.status(201).send(await jobApplications.apply(currentUser(request), request.params.id, request.body)),
  );

  app.get(
    '/api/jobs/:id/applications',
    {
      preHandler: member,
      schema: { tags, params: ZJobParams, querystring: ZLevelFilter, response: { 200: ZEmployerApplications } },
    },
    async (request) => jobApplications.ofJob(currentUser(request), request.params.id, request.query),
  );

  app.post(
    '/api/jobs/:id/applications/reject',
    { preHandler: member, schema: { tags, params: ZJobParams, body: ZBulkReject, response: { 200: ZBulkRejected } } },
    async (request) =>
      jobApplications.rejectMany(
        currentUser(request),
        request.params.id,
        request.body.applicationIds,
        request.body.message,
      ),
  );

  app.patch(
    '/api/applications/:id',
    {
      preHandler: member,
      config: { answers: [409] },
      schema: { tags, params: ZApplicationParams, body: ZApplicationPatch, response: { 200: ZApplication } },
    },
    async (request) =>
      jobApplications.move(currentUser(request), request.params.id, request.body.status, request.body.note),
  );

  app.post(
    '/api/applications/:id/withdraw',
    {
      preHandler: member,
      config: { answers: [409] },
      schema: { tags, params: ZApplicationParams, response: { 200: ZApplication } },
    },
    async (request) => jobApplications.withdraw(currentUser(request), request.params.id),
  );

  app.get(
    '/api/user/applications',
    { preHandler: member, schema: { tags, response: { 200: ZSeekerApplications } } },
    async (request) => jobApplications.mine(currentUser(request)),
  );
}
