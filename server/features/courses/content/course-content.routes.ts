import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZSyllabusSection } from '#shared/courses/courses.schemas';
import { ZLessonContent, ZLessonInput, ZLessonPatch, ZOrder, ZSectionInput } from '#shared/courses/lessons.schemas';
import { noContent } from '#server/plugins/api-operations';
import { currentUser, requireArea } from '#server/plugins/session';
import { noStore } from '#server/plugins/no-store';
import { CONTENT_CREATION_LIMIT } from '#server/plugins/member-limits';
import { ZCourseParams, ZLessonParams, ZSectionParams } from '../course-guards';
import type { AllServices } from '#server/platform/module';

/** The builder: the course's tutor arranges sections and lessons. */
export async function courseContentRoutes(
  root: FastifyInstance,
  { courseContent: content }: Pick<AllServices, 'courseContent'>,
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['course builder'];
  const preHandler = requireArea('courses');
  // Adding sections and lessons stores content: one shared, tighter count for both.
  const config = { memberLimit: CONTENT_CREATION_LIMIT };
  noStore(app);

  app.post(
    '/api/courses/:id/sections',
    {
      preHandler,
      config,
      schema: { tags, params: ZCourseParams, body: ZSectionInput, response: { 201: ZSyllabusSection } },
    },
    async (request, reply) =>
      reply.status(201).send(await content.addSection(currentUser(request), request.params.id, request.body)),
  );

  app.put(
    '/api/courses/:id/sections/order',
    {
      preHandler,
      schema: {
        tags,
        summary: "Reorder a course's sections",
        params: ZCourseParams,
        body: ZOrder,
        response: { 204: noContent('The sections are in the given order.') },
      },
    },
    async (request, reply) => {
      await content.orderSections(currentUser(request), request.params.id, request.body.ids);
      return reply.status(204).send();
    },
  );

  app.patch(
    '/api/courses/:id/sections/:sectionId',
    { preHandler, schema: { tags, params: ZSectionParams, body: ZSectionInput, response: { 200: ZSyllabusSection } } },
    async (request) =>
      content.renameSection(currentUser(request), request.params.id, request.params.sectionId, request.body),
  );

  app.delete(
    '/api/courses/:id/sections/:sectionId',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Delete a section',
        params: ZSectionParams,
        response: { 204: noContent('The section is deleted.') },
      },
    },
    async (request, reply) => {
      await content.removeSection(currentUser(request), request.params.id, request.params.sectionId);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/courses/:id/sections/:sectionId/lessons',
    {
      preHandler,
      config,
      schema: { tags, params: ZSectionParams, body: ZLessonInput, response: { 201: ZLessonContent } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await content.addLesson(currentUser(request), request.params.id, request.params.sectionId, request.body)),
  );

  app.put(
    '/api/courses/:id/sections/:sectionId/lessons/order',
    {
      preHandler,
      schema: {
        tags,
        summary: "Reorder a section's lessons",
        params: ZSectionParams,
        body: ZOrder,
        response: { 204: noContent('The lessons are in the given order.') },
      },
    },
    async (request, reply) => {
      await content.orderLessons(currentUser(request), request.params.id, request.params.sectionId, request.body.ids);
      return reply.status(204).send();
    },
  );

  app.patch(
    '/api/courses/:id/lessons/:lessonId',
    { preHandler, schema: { tags, params: ZLessonParams, body: ZLessonPatch, response: { 200: ZLessonContent } } },
    async (request) =>
      content.updateLesson(currentUser(request), request.params.id, request.params.lessonId, request.body),
  );

  app.delete(
    '/api/courses/:id/lessons/:lessonId',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Delete a lesson',
        params: ZLessonParams,
        response: { 204: noContent('The lesson is deleted.') },
      },
    },
    async (request, reply) => {
      await content.removeLesson(currentUser(request), request.params.id, request.params.lessonId);
      return reply.status(204).send();
    },
  );
}
