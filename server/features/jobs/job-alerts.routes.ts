import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZSavedSearch, ZSavedSearchInput, ZSavedSearchPatch, ZSavedSearches } from '#shared/jobs/jobs.schemas';
import { noContent } from '#server/plugins/api-operations';
import { currentUser, openToAll, requireArea } from '#server/plugins/session';
import { noStore } from '#server/plugins/no-store';
import type { AllServices } from '#server/platform/module';

const ZSearchParams = z.object({ id: z.uuid('Saved search not found') });

/** Saved searches: the seeker's alerts, and the digest's one-click unsubscribe. */
export async function jobAlertsRoutes(root: FastifyInstance, { jobAlerts }: Pick<AllServices, 'jobAlerts'>) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['jobs'];
  const member = requireArea('jobs');
  noStore(app);

  app.get(
    '/api/user/saved-searches',
    { preHandler: member, schema: { tags, response: { 200: ZSavedSearches } } },
    async (request) => jobAlerts.list(currentUser(request)),
  );

  app.post(
    '/api/user/saved-searches',
    {
      preHandler: member,
      config: { answers: [409] },
      schema: { tags, body: ZSavedSearchInput, response: { 201: ZSavedSearch } },
    },
    async (request, reply) => reply.status(201).send(await jobAlerts.create(currentUser(request), request.body)),
  );

  app.patch(
    '/api/user/saved-searches/:id',
    {
      preHandler: member,
      schema: { tags, params: ZSearchParams, body: ZSavedSearchPatch, response: { 200: ZSavedSearch } },
    },
    async (request) => jobAlerts.setDigest(currentUser(request), request.params.id, request.body.emailDigest),
  );

  app.delete(
    '/api/user/saved-searches/:id',
    {
      preHandler: member,
      schema: {
        tags,
        summary: 'Delete a saved search',
        params: ZSearchParams,
        response: { 204: noContent('The search and its digest are deleted.') },
      },
    },
    async (request, reply) => {
      await jobAlerts.remove(currentUser(request), request.params.id);
      return reply.status(204).send();
    },
  );

  // The digest mail's link: no session needed (the token is the proof), lands on the dashboard.
  app.get(
    '/api/saved-searches/unsubscribe',
    {
      preHandler: openToAll,
      schema: {
        tags,
        summary: "Stop a saved search's digest mails (the mail's link)",
        querystring: z.object({ token: z.string().min(10).max(100) }),
        response: {
          302: noContent('To /jobs/seeker?digest=stopped, or ?digest=unknown when the token matches no search.'),
        },
      },
    },
    async (request, reply) => {
      const done = await jobAlerts.unsubscribe(request.query.token);
      return reply.redirect(`/jobs/seeker?digest=${done ? 'stopped' : 'unknown'}`, 302);
    },
  );
}
