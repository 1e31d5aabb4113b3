import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZMarkAllResult,
  ZMarkReadResult,
  ZNotificationList,
  ZNotificationPreferences,
  ZNotificationPreferencesInput,
  ZNotificationsQuery,
  ZUnreadCount,
} from '#shared/notifications/notifications.schemas';
import { currentUser, requireUser } from '#server/plugins/session';
import type { AllServices } from '#server/platform/module';

/**
 * docs/spec.md §7. Every route is the signed-in user's own; a suspension closes no part of it,
 * since the suspended user still needs to read what happened to the account.
 */
export async function notificationsRoutes(
  root: FastifyInstance,
  { notifications }: Pick<AllServices, 'notifications'>,
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];

  // Answers change with every event: no cache may keep them.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/notifications',
    {
      preHandler: requireUser,
      schema: { tags, querystring: ZNotificationsQuery, response: { 200: ZNotificationList } },
    },
    async (request) => notifications.list(currentUser(request).id, request.query),
  );

  app.get(
    '/api/notifications/unread-count',
    { preHandler: requireUser, schema: { tags, response: { 200: ZUnreadCount } } },
    async (request) => ({ unreadCount: await notifications.unreadCount(currentUser(request).id) }),
  );

  app.post(
    '/api/notifications/mark-all-read',
    { preHandler: requireUser, schema: { tags, response: { 200: ZMarkAllResult } } },
    async (request) => notifications.markAllRead(currentUser(request).id),
  );

  app.post(
    '/api/notifications/:id/read',
    {
      preHandler: requireUser,
      // Any string: a malformed id is a notification that does not exist (404), not bad input.
      schema: { tags, params: z.object({ id: z.string() }), response: { 200: ZMarkReadResult } },
    },
    async (request) => notifications.markRead(currentUser(request).id, request.params.id),
  );

  app.get(
    '/api/notifications/preferences',
    { preHandler: requireUser, schema: { tags, response: { 200: ZNotificationPreferences } } },
    async (request) => ({ preferences: await notifications.preferences(currentUser(request).id) }),
  );

  app.put(
    '/api/notifications/preferences',
    {
      preHandler: requireUser,
      schema: { tags, body: ZNotificationPreferencesInput, response: { 200: ZNotificationPreferences } },
    },
    async (request) => ({
      preferences: await notifications.setPreferences(currentUser(request).id, request.body.preferences),
    }),
  );
}
