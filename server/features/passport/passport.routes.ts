import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZUsernameParams } from '#shared/profiles/profiles.schemas';
import {
  ZEndorsable,
  ZEndorsableQuery,
  ZEndorsement,
  ZEndorsementInput,
  ZEvidenceParams,
  ZEvidenceVisibility,
  ZEvidenceVisibilityResult,
  ZPassport,
  ZSkillCredential,
  ZSkillCredentialParams,
} from '#shared/passport/passport.schemas';
import { noStore } from '#server/plugins/no-store';
import { currentUser, requireArea, requireUser } from '#server/plugins/session';
import type { AllServices } from '#server/platform/module';

/**
 * The skills passport (issue 31, decision 071): read like profiles (signed in, the profile's
 * visibility rule), the owner's choice of what the public sees, and mentors' endorsements, which
 * a suspension from mentorship closes like the rest of mentoring.
 */
export async function passportRoutes(
  root: FastifyInstance,
  { passport, skillCredentials }: Pick<AllServices, 'passport' | 'skillCredentials'>,
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['passport'];
  const mentoring = requireArea('mentorship');
  noStore(app);

  app.get(
    '/api/users/:username/passport',
    {
      preHandler: requireUser,
      config: { answers: [404] },
      schema: { tags, params: ZUsernameParams, response: { 200: ZPassport } },
    },
    async (request) => passport.get(request.params.username, currentUser(request)),
  );

  app.post(
    '/api/passport/skills/:slug/credential',
    {
      preHandler: requireUser,
      config: { answers: [409] },
      schema: { tags, params: ZSkillCredentialParams, response: { 200: ZSkillCredential } },
    },
    async (request) => skillCredentials.issueFor(currentUser(request), request.params.slug),
  );

  app.put(
    '/api/passport/evidence/:id/visibility',
    {
      preHandler: requireUser,
      config: { answers: [404] },
      schema: {
        tags,
        params: ZEvidenceParams,
        body: ZEvidenceVisibility,
        response: { 200: ZEvidenceVisibilityResult },
      },
    },
    async (request) => passport.setVisibility(currentUser(request), request.params.id, request.body.hidden),
  );

  app.get(
    '/api/mentor/endorsements/skills',
    {
      preHandler: mentoring,
      config: { answers: [404] },
      schema: { tags, querystring: ZEndorsableQuery, response: { 200: ZEndorsable } },
    },
    async (request) => passport.endorsable(currentUser(request), request.query.menteeId),
  );

  app.post(
    '/api/mentor/endorsements',
    {
      preHandler: mentoring,
      config: { answers: [404, 409] },
      schema: { tags, body: ZEndorsementInput, response: { 201: ZEndorsement } },
    },
    async (request, reply) => reply.status(201).send(await passport.endorse(currentUser(request), request.body)),
  );
}
