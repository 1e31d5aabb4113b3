import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZSkillList, ZSkillProposal, ZSkillRef, ZSkillSearchQuery } from '#shared/skills/skills.schemas';
import { AppError } from '#server/lib/errors';
import type { MemberLimit } from '#server/plugins/member-limits';
import { guard } from '#server/plugins/guard-rules';
import { currentUser, requireUser } from '#server/plugins/session';
import type { AllServices } from '#server/platform/module';

const DAY = 24 * 3_600_000;

/**
 * New skills a member may add in a day: someone filling in a profile adds a handful; the
 * vocabulary is shared by everyone, so a loop must stop early.
 */
export const SKILL_PROPOSAL_LIMIT: MemberLimit = {
  name: 'skill-propose',
  max: 20,
  windowMs: DAY,
  message: 'You can add up to 20 new skills a day. Please pick from the list, or try again tomorrow.',
};

/** A suspended member adds nothing others read, whatever the suspension closes. */
const requireUnsuspended = guard(
  { signedIn: true, unsuspended: true },
  async (request: Parameters<typeof requireUser>[0]) => {
    await requireUser(request);
    if (request.user!.suspended)
      throw new AppError('ACCOUNT_SUSPENDED', 'Your account is suspended: you cannot add skills.');
  },
);

/** GET /api/skills?q= (the typeahead) and POST /api/skills (propose a new one); members only. */
export async function skillsRoutes(root: FastifyInstance, { skills }: Pick<AllServices, 'skills'>) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['skills'];

  app.get(
    '/api/skills',
    { preHandler: requireUser, schema: { tags, querystring: ZSkillSearchQuery, response: { 200: ZSkillList } } },
    async (request) => ({ skills: await skills.search(request.query.q) }),
  );

  app.post(
    '/api/skills',
    {
      preHandler: requireUnsuspended,
      config: { memberLimit: SKILL_PROPOSAL_LIMIT },
      schema: { tags, body: ZSkillProposal, response: { 200: ZSkillRef, 201: ZSkillRef } },
    },
    async (request, reply) => {
      const { skill, created } = await skills.propose(currentUser(request).id, request.body.name);
      return reply.status(created ? 201 : 200).send(skill);
    },
  );
}
