import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZUser } from '../../../shared/accounts/accounts.schemas';
import {
  ZCourseDetail,
  ZCourseInput,
  ZCourseList,
  ZCoursePatch,
  ZCoursesQuery,
  ZTutorCourseList,
} from '../../../shared/courses/courses.schemas';
import { currentUser, requireArea } from '../../plugins/session';
import { noStore } from '../../plugins/no-store';
import { COURSE_CREATION_LIMIT } from '../../plugins/member-limits';
import { ZCourseParams, coursesOpenToVisitors } from './course-guards';

/** The catalogue and a course's own life: create, edit, submit, delete. */
export async function coursesRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { courses } = app.services;
  const tags = ['courses'];
  const member = requireArea('courses');
  noStore(app);

  app.get(
    '/api/courses',
    { preHandler: coursesOpenToVisitors, schema: { tags, querystring: ZCoursesQuery, response: { 200: ZCourseList } } },
    async (request) => courses.list(request.user, request.query),
  );

  app.post(
    '/api/courses',
    { preHandler: member, config: { memberLimit: COURSE_CREATION_LIMIT }, schema: { tags, body: ZCourseInput, response: { 201: ZCourseDetail } } },
    async (request, reply) => reply.status(201).send(await courses.create(currentUser(request), request.body)),
  );

  app.get(
    '/api/courses/:id',
    { preHandler: coursesOpenToVisitors, schema: { tags, params: ZCourseParams, response: { 200: ZCourseDetail } } },
    async (request) => courses.detail(request.user, request.params.id),
  );

  app.patch(
    '/api/courses/:id',
    { preHandler: member, schema: { tags, params: ZCourseParams, body: ZCoursePatch, response: { 200: ZCourseDetail } } },
    async (request) => courses.update(currentUser(request), request.params.id, request.body),
  );

  app.delete('/api/courses/:id', { preHandler: member, schema: { tags, params: ZCourseParams } }, async (request, reply) => {
    await courses.remove(currentUser(request), request.params.id);
    return reply.status(204).send();
  });

  app.post(
    '/api/courses/:id/submit',
    { preHandler: member, schema: { tags, params: ZCourseParams, response: { 200: ZCourseDetail } } },
    async (request) => courses.submit(currentUser(request), request.params.id),
  );

  app.get(
    '/api/tutor/courses',
    { preHandler: member, schema: { tags, response: { 200: ZTutorCourseList } } },
    async (request) => courses.tutorCourses(currentUser(request)),
  );

  // "Teach a course" on /profile: roles like tutor are self-service (PRODUCT.md).
  app.post(
    '/api/user/become-tutor',
    { preHandler: member, schema: { tags, response: { 200: ZUser } } },
    async (request) => courses.becomeTutor(currentUser(request)),
  );
}
