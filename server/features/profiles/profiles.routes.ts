import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZProfile, ZProfileUpdate, ZUsernameParams } from '#shared/profiles/profiles.schemas';
import { currentUser, requireUser } from '#server/plugins/session';
import type { AllServices } from '#server/platform/module';

/**
 * Profiles (decision 017): every member's public view, to members only (the spec's routes are
 * all behind sign-in), and the member's own edits. A suspension closes neither: the member may
 * still tidy what a hidden profile would show when it comes back.
 */
export async function profilesRoutes(root: FastifyInstance, { profiles }: Pick<AllServices, 'profiles'>) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['profiles'];

  app.get(
    '/api/users/:username',
    { preHandler: requireUser, schema: { tags, params: ZUsernameParams, response: { 200: ZProfile } } },
    async (request) => profiles.get(request.params.username, currentUser(request)),
  );

  app.patch(
    '/api/user/profile',
    { preHandler: requireUser, schema: { tags, body: ZProfileUpdate, response: { 200: ZProfile } } },
    async (request) => profiles.update(currentUser(request), request.body),
  );
}
