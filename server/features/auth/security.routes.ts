import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZMessage, ZUser } from '#shared/accounts/accounts.schemas';
import {
  ZAcceptConsents,
  ZChangeEmail,
  ZChangePassword,
  ZConfirmEmail,
  ZPendingEmail,
  ZRevokedCount,
  ZSessionId,
  ZSessionList,
} from '#shared/accounts/security.schemas';
import { noContent } from '#server/plugins/api-operations';
import type { MemberLimit } from '#server/plugins/member-limits';
import { currentUser, openToAll, requireUser, sessionToken } from '#server/plugins/session';
import { ADDRESS_LIMITS } from './auth-limits';
import type { ClientMeta } from './auth.service';
import type { AllServices } from '#server/platform/module';

const MINUTE = 60_000;

/**
 * Password and email changes together: each checks the password, so this bounds guessing it
 * through a stolen session (the sign-in limits do not see these routes). People change these a
 * few times a year.
 */
export const ACCOUNT_SECURITY_LIMIT: MemberLimit = {
  name: 'account-security',
  max: 10,
  windowMs: 60 * MINUTE,
  message: 'Too many password or email changes in the last hour. Please try again later.',
};

const meta = (request: FastifyRequest): ClientMeta => ({
  ip: request.ip ?? null,
  userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
});

/** Account security (decision 019): every route but the mailed link's is the signed-in member's own. */
export async function securityRoutes(root: FastifyInstance, { security }: Pick<AllServices, 'security'>) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['account security'];
  const limited = { memberLimit: ACCOUNT_SECURITY_LIMIT };

  app.post(
    '/api/user/password',
    {
      preHandler: requireUser,
      config: limited,
      schema: {
        tags,
        summary: 'Change the password',
        body: ZChangePassword,
        response: { 204: noContent("Changed: the account's other sessions are signed out and a notice is mailed.") },
      },
    },
    async (request, reply) => {
      await security.changePassword(currentUser(request).id, sessionToken(request)!, request.body);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/user/email/pending',
    { preHandler: requireUser, schema: { tags, response: { 200: ZPendingEmail } } },
    async (request) => security.pendingEmail(currentUser(request).id),
  );

  app.post(
    '/api/user/email',
    {
      preHandler: requireUser,
      config: { ...limited, answers: [409] },
      schema: { tags, body: ZChangeEmail, response: { 202: ZPendingEmail } },
    },
    async (request, reply) =>
      reply.status(202).send(await security.requestEmailChange(currentUser(request).id, request.body)),
  );

  app.delete(
    '/api/user/email/pending',
    {
      preHandler: requireUser,
      config: { answers: [404] },
      schema: {
        tags,
        summary: 'Cancel the pending email change',
        response: { 204: noContent('Cancelled: the mailed confirmation link no longer works.') },
      },
    },
    async (request, reply) => {
      await security.cancelEmailChange(currentUser(request).id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/user/email/confirm',
    {
      preHandler: openToAll,
      config: {
        rateLimit: {
          max: ADDRESS_LIMITS.verifyLink.max * app.rateLimitScale,
          timeWindow: ADDRESS_LIMITS.verifyLink.minutes * MINUTE,
        },
        answers: [409],
      },
      schema: { tags, body: ZConfirmEmail, response: { 200: ZMessage } },
    },
    async (request) => {
      const email = await security.confirmEmailChange(request.body.token);
      return { message: `Your account now uses ${email}.` };
    },
  );

  app.get(
    '/api/user/sessions',
    { preHandler: requireUser, schema: { tags, response: { 200: ZSessionList } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { sessions: await security.sessions(currentUser(request).id, sessionToken(request)!) };
    },
  );

  app.delete(
    '/api/user/sessions/:id',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Sign out one of my sessions',
        params: ZSessionId,
        response: { 204: noContent('Signed out: that session no longer works.') },
      },
    },
    async (request, reply) => {
      await security.revokeSession(currentUser(request).id, request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/user/sessions/revoke-others',
    { preHandler: requireUser, schema: { tags, response: { 200: ZRevokedCount } } },
    async (request) => ({ revoked: await security.revokeOthers(currentUser(request).id, sessionToken(request)!) }),
  );

  app.post(
    '/api/user/consents',
    {
      preHandler: requireUser,
      config: { answers: [409] },
      schema: { tags, body: ZAcceptConsents, response: { 200: ZUser } },
    },
    async (request) => {
      const user = currentUser(request);
      await security.acceptConsents(user.id, request.body, meta(request));
      return { ...user, consentRequired: await security.consentRequired(user) };
    },
  );
}
