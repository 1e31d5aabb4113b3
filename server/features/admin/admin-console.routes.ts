import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZUser } from '#shared/accounts/accounts.schemas';
import {
  ZActionReason,
  ZAdminMemberDetail,
  ZAdminUser,
  ZAdminUserList,
  ZAdminUsersQuery,
  ZInvited,
  ZInviteInput,
  ZAuditList,
  ZAuditQuery,
  ZClaim,
  ZConfirmed,
  ZConfirmInput,
  ZQueueAction,
  ZQueueActionResult,
  ZQueueItemParams,
  ZQueueItems,
  ZQueueList,
  ZQueueParams,
  ZQueueQuery,
  ZRevokedSessions,
  ZRolesInput,
  ZSent,
  ZStats,
  ZStatsQuery,
  ZSuspendInput,
  ZUserParams,
} from '#shared/admin/admin.schemas';
import { ZRecoveryCodes, ZTwoFactorCode, ZTwoFactorSetup, ZTwoFactorStatus } from '#shared/auth/two-factor.schemas';
import { noStore } from '#server/plugins/no-store';
import { download } from '#server/plugins/api-operations';
import { currentUser, requireAdmin, sessionToken } from '#server/plugins/session';
import { requireConfirmedAdmin } from './admin-confirm';
import type { AllServices } from '#server/platform/module';

/** The admin console (issue 16): members, audit log, queues, figures, password confirmation. */
export async function adminConsoleRoutes(
  root: FastifyInstance,
  {
    admin,
    adminQueues,
    adminStats,
    adminConfirm,
  }: Pick<AllServices, 'admin' | 'adminQueues' | 'adminStats' | 'adminConfirm'>,
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { members } = admin;
  const tags = ['admin'];
  noStore(app);

  app.get(
    '/api/admin/users',
    { preHandler: requireAdmin, schema: { tags, querystring: ZAdminUsersQuery, response: { 200: ZAdminUserList } } },
    async (request) => {
      const { joinedFrom, joinedTo, ...q } = request.query;
      return members.list({ ...q, ...members.parseDays(joinedFrom, joinedTo) });
    },
  );

  app.get(
    '/api/admin/users/:id',
    { preHandler: requireAdmin, schema: { tags, params: ZUserParams, response: { 200: ZAdminMemberDetail } } },
    async (request) => members.detail(request.params.id),
  );

  app.post(
    '/api/admin/users/:id/suspend',
    {
      preHandler: requireConfirmedAdmin,
      config: { answers: [409] },
      schema: { tags, params: ZUserParams, body: ZSuspendInput, response: { 200: ZUser } },
    },
    async (request) => members.suspend(currentUser(request), request.params.id, request.body),
  );

  app.post(
    '/api/admin/users/:id/unsuspend',
    {
      preHandler: requireAdmin,
      config: { answers: [409] },
      schema: { tags, params: ZUserParams, body: ZActionReason.nullish(), response: { 200: ZUser } },
    },
    async (request) => members.unsuspend(currentUser(request), request.params.id, request.body?.reason),
  );

  app.put(
    '/api/admin/users/:id/roles',
    {
      preHandler: requireConfirmedAdmin,
      config: { answers: [409] },
      schema: { tags, params: ZUserParams, body: ZRolesInput, response: { 200: ZAdminUser } },
    },
    async (request) => members.setRoles(currentUser(request), request.params.id, request.body),
  );

  app.post(
    '/api/admin/users/:id/revoke-sessions',
    {
      preHandler: requireAdmin,
      config: { answers: [409] },
      schema: { tags, params: ZUserParams, body: ZActionReason.nullish(), response: { 200: ZRevokedSessions } },
    },
    async (request) => members.revokeSessions(currentUser(request), request.params.id, request.body?.reason),
  );

  app.post(
    '/api/admin/users/:id/resend-verification',
    {
      preHandler: requireAdmin,
      config: { answers: [409] },
      schema: { tags, params: ZUserParams, response: { 200: ZSent } },
    },
    async (request) => members.resendVerification(currentUser(request), request.params.id),
  );

  app.get(
    '/api/admin/audit',
    { preHandler: requireAdmin, schema: { tags, querystring: ZAuditQuery, response: { 200: ZAuditList } } },
    async (request) => admin.log.list(request.query),
  );

  app.get(
    '/api/admin/audit.csv',
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: 'Download the audit log as CSV',
        querystring: ZAuditQuery.omit({ page: true }),
        response: { 200: download('text/csv', 'The entries the filters select, one row each, as an attachment.') },
      },
    },
    async (request, reply) => {
      const chunks: string[] = [];
      for await (const chunk of admin.log.csv(request.query)) chunks.push(chunk);
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', 'attachment; filename="audit-log.csv"');
      return chunks.join('');
    },
  );

  app.get(
    '/api/admin/confirm',
    {
      preHandler: requireAdmin,
      schema: { tags, response: { 200: ZConfirmed.extend({ confirmedUntil: z.string().nullable() }) } },
    },
    async (request) => {
      const until = await adminConfirm.confirmedUntil(currentUser(request).id, sessionToken(request)!);
      return { confirmedUntil: until?.toISOString() ?? null };
    },
  );

  app.post(
    '/api/admin/confirm',
    { preHandler: requireAdmin, schema: { tags, body: ZConfirmInput, response: { 200: ZConfirmed } } },
    async (request) => {
      const until = await adminConfirm.confirm(currentUser(request).id, sessionToken(request)!, request.body.password);
      return { confirmedUntil: until.toISOString() };
    },
  );

  app.get(
    '/api/admin/queues',
    { preHandler: requireAdmin, schema: { tags, response: { 200: ZQueueList } } },
    async () => ({ queues: await adminQueues.summaries() }),
  );

  app.get(
    '/api/admin/queues/:kind',
    {
      preHandler: requireAdmin,
      schema: { tags, params: ZQueueParams, querystring: ZQueueQuery, response: { 200: ZQueueItems } },
    },
    async (request) => adminQueues.list(request.params.kind, request.query.page, currentUser(request)),
  );

  app.post(
    '/api/admin/queues/:kind/items/:id/claim',
    { preHandler: requireAdmin, schema: { tags, params: ZQueueItemParams, response: { 200: ZClaim } } },
    async (request) => adminQueues.claim(request.params.kind, request.params.id, currentUser(request)),
  );

  app.post(
    '/api/admin/queues/:kind/items/:id/actions',
    {
      preHandler: requireAdmin,
      config: { answers: [409] },
      schema: { tags, params: ZQueueItemParams, body: ZQueueAction, response: { 200: ZQueueActionResult } },
    },
    async (request) => {
      const { kind, id } = request.params;
      const admin = currentUser(request);
      // Take down and suspend need a fresh password, as on the member's page.
      if (adminQueues.isDestructive(kind, request.body.action)) await requireConfirmedAdmin(request);
      return adminQueues.act(kind, id, admin, request.body);
    },
  );

  app.post(
    '/api/admin/invitations',
    {
      preHandler: requireConfirmedAdmin,
      config: { answers: [409] },
      schema: { tags, body: ZInviteInput, response: { 201: ZInvited } },
    },
    async (request, reply) =>
      reply.status(201).send(await admin.invitations.invite(currentUser(request), request.body.email)),
  );

  // The admin's own two-factor authentication (decision 033); turning it off needs a fresh password.
  app.get(
    '/api/admin/two-factor',
    { preHandler: requireAdmin, schema: { tags, response: { 200: ZTwoFactorStatus } } },
    async (request) => admin.twoFactor.status(currentUser(request)),
  );

  app.post(
    '/api/admin/two-factor/setup',
    { preHandler: requireAdmin, config: { answers: [409] }, schema: { tags, response: { 200: ZTwoFactorSetup } } },
    async (request) => admin.twoFactor.start(currentUser(request)),
  );

  app.post(
    '/api/admin/two-factor/confirm',
    {
      preHandler: requireAdmin,
      config: { answers: [409] },
      schema: { tags, body: ZTwoFactorCode, response: { 200: ZRecoveryCodes } },
    },
    async (request) => admin.twoFactor.confirm(currentUser(request), request.body.code, sessionToken(request)!),
  );

  app.delete(
    '/api/admin/two-factor',
    {
      preHandler: requireConfirmedAdmin,
      config: { answers: [409] },
      schema: { tags, response: { 200: ZTwoFactorStatus } },
    },
    async (request) => admin.twoFactor.disable(currentUser(request)),
  );

  app.get(
    '/api/admin/stats',
    { preHandler: requireAdmin, schema: { tags, querystring: ZStatsQuery, response: { 200: ZStats } } },
    async (request) => adminStats.overview(request.query),
  );
}
