import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZCourseDetail,
  ZCourseInput,
  ZCourseList,
  ZCoursePatch,
  ZCoursesQuery,
  ZCourseSuggestQuery,
  ZCourseSuggestions,
  ZTutorCourseList,
} from '#shared/courses/courses.schemas';
import { noContent } from '#server/plugins/api-operations';
import { currentUser, requireArea } from '#server/plugins/session';
import { noStore } from '#server/plugins/no-store';
import { COURSE_CREATION_LIMIT } from '#server/plugins/member-limits';
import { ZCourseParams, coursesOpenToVisitors } from '../course-guards';
import type { AllServices } from '#server/platform/module';

/** The catalogue and a course's own life: create, edit, submit, delete. */
export async function coursesRoutes(root: FastifyInstance, { courses }: Pick<AllServices, 'courses'>) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['courses'];
  const member = requireArea('courses');
  noStore(app);

  app.get(
    '/api/courses',
    { preHandler: coursesOpenToVisitors, schema: { tags, querystring: ZCoursesQuery, response: { 200: ZCourseList } } },
    async (request) => courses.list(request.user, request.query),
  );

  app.get(
    '/api/courses/suggest',
    {
      preHandler: coursesOpenToVisitors,
      schema: { tags, querystring: ZCourseSuggestQuery, response: { 200: ZCourseSuggestions } },
    },
    async (request) => courses.suggest(request.query.q),
  );

  app.post(
    '/api/courses',
    {
      preHandler: member,
      config: { memberLimit: COURSE_CREATION_LIMIT },
      schema: { tags, body: ZCourseInput, response: { 201: ZCourseDetail } },
    },
    async (request, reply) => reply.status(201).send(await courses.create(currentUser(request), request.body)),
  );

  app.get(
    '/api/courses/:id',
    { preHandler: coursesOpenToVisitors, schema: { tags, params: ZCourseParams, response: { 200: ZCourseDetail } } },
    async (request) => courses.detail(request.user, request.params.id),
  );

  app.patch(
    '/api/courses/:id',
    {
      preHandler: member,
      config: { answers: [428] },
      schema: { tags, params: ZCourseParams, body: ZCoursePatch, response: { 200: ZCourseDetail } },
    },
    async (request) => courses.update(currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/api/courses/:id',
    {
      preHandler: member,
      schema: {
        tags,
        summary: 'Delete or archive a course',
        params: ZCourseParams,
        response: {
          204: noContent(
            'A draft or rejected course nobody enrolled in is deleted; any other is archived: out of the catalogue, still open to its learners.',
          ),
        },
      },
    },
    async (request, reply) => {
      await courses.remove(currentUser(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/courses/:id/submit',
    {
      preHandler: member,
      config: { answers: [428] },
      schema: { tags, params: ZCourseParams, response: { 200: ZCourseDetail } },
    },
    async (request) => courses.submit(currentUser(request), request.params.id),
  );

  app.get(
    '/api/tutor/courses',
    { preHandler: member, schema: { tags, response: { 200: ZTutorCourseList } } },
    async (request) => courses.tutorCourses(currentUser(request)),
  );
}
