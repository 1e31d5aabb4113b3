import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAllowanceList,
  ZAttendance,
  ZAvailability,
  ZAvailabilityInput,
  ZBookSession,
  ZOverride,
  ZOverrideInput,
  ZRescheduleSession,
  ZSessionCreated,
  ZSessionList,
  ZSessionsQuery,
  ZSlots,
  ZSlotsQuery,
} from '#shared/mentorship/sessions.schemas';
import { noContent } from '#server/plugins/api-operations';
import { currentUser, openToVisitors, requireArea } from '#server/plugins/session';
import type { AvailabilityService } from '../availability/availability.service';
import type { SessionsService } from './sessions.service';

const ZId = z.object({ id: z.uuid('Not found') });

/** Slots and attendance are public (the mentor's page), but closed to a member suspended from mentorship. */
const mentorshipOpenToVisitors = openToVisitors('mentorship');

/**
 * Issue 15 item 4 (decision 032): a mentor's schedule, free slots, and booked sessions. Plugged
 * in by mentorship's module (index.ts) beside the other mentorship routes, which decision 031 owns.
 */
export function sessionsRoutes(availability: AvailabilityService, sessions: SessionsService) {
  return async function routes(root: FastifyInstance) {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const tags = ['mentorship'];
    const member = requireArea('mentorship');

    app.get(
      '/api/mentor/availability',
      { preHandler: member, schema: { tags, response: { 200: ZAvailability } } },
      async (request) => availability.get(currentUser(request)),
    );

    app.put(
      '/api/mentor/availability',
      { preHandler: member, schema: { tags, body: ZAvailabilityInput, response: { 200: ZAvailability } } },
      async (request) => availability.put(currentUser(request), request.body),
    );

    app.post(
      '/api/mentor/availability/overrides',
      {
        preHandler: member,
        schema: { tags, body: ZOverrideInput, response: { 201: z.object({ override: ZOverride }) } },
      },
      async (request, reply) =>
        reply.code(201).send({ override: await availability.addOverride(currentUser(request), request.body) }),
    );

    app.delete(
      '/api/mentor/availability/overrides/:id',
      {
        preHandler: member,
        config: { answers: [404] },
        schema: {
          tags,
          summary: 'Delete a date override',
          params: ZId,
          response: { 204: noContent('The date follows the weekly availability again.') },
        },
      },
      async (request, reply) => {
        await availability.removeOverride(currentUser(request), request.params.id);
        return reply.code(204).send();
      },
    );

    app.get(
      '/api/mentors/:id/slots',
      {
        preHandler: mentorshipOpenToVisitors,
        config: { answers: [404] },
        schema: { tags, params: ZId, querystring: ZSlotsQuery, response: { 200: ZSlots } },
      },
      async (request) => availability.slots(request.user ?? null, request.params.id, request.query),
    );

    app.get(
      '/api/mentors/:id/attendance',
      { preHandler: mentorshipOpenToVisitors, schema: { tags, params: ZId, response: { 200: ZAttendance } } },
      async (request) => sessions.attendance(request.params.id),
    );

    app.post(
      '/api/mentorship/sessions',
      {
        preHandler: member,
        config: { answers: [404, 409] },
        schema: { tags, body: ZBookSession, response: { 201: ZSessionCreated } },
      },
      async (request, reply) =>
        reply.code(201).send({ session: await sessions.book(currentUser(request), request.body) }),
    );

    app.get(
      '/api/mentorship/sessions',
      { preHandler: member, schema: { tags, querystring: ZSessionsQuery, response: { 200: ZSessionList } } },
      async (request) => ({ sessions: await sessions.list(currentUser(request), request.query) }),
    );

    app.get(
      '/api/mentorship/allowances',
      { preHandler: member, schema: { tags, response: { 200: ZAllowanceList } } },
      async (request) => ({
        allowances: await sessions.allowances(currentUser(request)),
      }),
    );

    app.post(
      '/api/mentorship/sessions/:id/reschedule',
      {
        preHandler: member,
        config: { answers: [404, 409] },
        schema: { tags, params: ZId, body: ZRescheduleSession, response: { 200: ZSessionCreated } },
      },
      async (request) => ({
        session: await sessions.reschedule(currentUser(request), request.params.id, request.body.start),
      }),
    );

    app.post(
      '/api/mentorship/sessions/:id/cancel',
      {
        preHandler: member,
        config: { answers: [404, 409] },
        schema: { tags, params: ZId, response: { 200: ZSessionCreated } },
      },
      async (request) => ({ session: await sessions.cancel(currentUser(request), request.params.id) }),
    );
  };
}
