import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZUser } from '#shared/accounts/accounts.schemas';
import {
  ZEmployerInput,
  ZEmployerProfile,
  ZJobSeekerInput,
  ZJobSeekerProfile,
  ZPrimaryRole,
  ZRoleDetails,
  ZTakeRole,
  ZTalentInput,
  ZTalentProfile,
} from '#shared/accounts/roles.schemas';
import { noStore } from '#server/plugins/no-store';
import { currentUser, requireUser } from '#server/plugins/session';
import type { AllServices } from '#server/platform/module';

/**
 * Roles a member takes on (issue 11): every route is the signed-in member's own. A suspension
 * closes a role with its area (roles.policy.ts), so the guard is only "signed in".
 */
export async function rolesRoutes(root: FastifyInstance, { roles }: Pick<AllServices, 'roles'>) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['roles'];
  noStore(app);

  app.post(
    '/api/user/roles',
    { preHandler: requireUser, schema: { tags, body: ZTakeRole, response: { 200: ZUser } } },
    async (request) => roles.take(currentUser(request), request.body.role, request.body.primary),
  );

  app.put(
    '/api/user/primary-role',
    {
      preHandler: requireUser,
      config: { answers: [409] },
      schema: { tags, body: ZPrimaryRole, response: { 200: ZUser } },
    },
    async (request) => roles.makePrimary(currentUser(request), request.body.role),
  );

  app.get(
    '/api/user/role-details',
    { preHandler: requireUser, schema: { tags, response: { 200: ZRoleDetails } } },
    async (request) => roles.details(currentUser(request)),
  );

  app.put(
    '/api/user/roles/employer',
    {
      preHandler: requireUser,
      config: { answers: [409] },
      schema: { tags, body: ZEmployerInput, response: { 200: ZEmployerProfile } },
    },
    async (request) => roles.saveEmployer(currentUser(request), request.body),
  );

  app.put(
    '/api/user/roles/talent',
    {
      preHandler: requireUser,
      config: { answers: [409] },
      schema: { tags, body: ZTalentInput, response: { 200: ZTalentProfile } },
    },
    async (request) => roles.saveTalent(currentUser(request), request.body),
  );

  app.put(
    '/api/user/roles/job_seeker',
    {
      preHandler: requireUser,
      config: { answers: [409] },
      schema: { tags, body: ZJobSeekerInput, response: { 200: ZJobSeekerProfile } },
    },
    async (request) => roles.saveJobSeeker(currentUser(request), request.body),
  );

  // The first name of "Teach a course" (issue 5), kept for its callers: taking on tutor, which
  // becomes primary only for a member with nothing else to follow (general).
  app.post(
    '/api/user/become-tutor',
    { preHandler: requireUser, schema: { tags, response: { 200: ZUser } } },
    async (request) => {
      const user = currentUser(request);
      return roles.take(user, 'tutor', user.role === 'general');
    },
  );
}
