import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZCourseContent,
  ZCourseReview,
  ZCourseReviewInput,
  ZCourseReviewList,
  ZCourseReviewsQuery,
  ZEnrolment,
  ZEnrolmentList,
  ZPositionInput,
  ZProgress,
} from '#shared/courses/lessons.schemas';
import { ZLessonBeat } from '#shared/courses/lesson-progress';
import { currentUser, requireArea } from '#server/plugins/session';
import { noStore } from '#server/plugins/no-store';
import { ZCourseParams, ZLessonParams, coursesOpenToVisitors } from '../course-guards';
import type { AllServices } from '#server/platform/module';

/** Enrolment, the player, progress and reviews. */
export async function courseLearningRoutes(
  root: FastifyInstance,
  { courseLearning: learning, courseReviews: reviews }: Pick<AllServices, 'courseLearning' | 'courseReviews'>,
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['learning'];
  const member = requireArea('courses');
  noStore(app);

  app.get(
    '/api/courses/:id/content',
    { preHandler: coursesOpenToVisitors, schema: { tags, params: ZCourseParams, response: { 200: ZCourseContent } } },
    async (request) => learning.content(request.user, request.params.id),
  );

  app.post(
    '/api/courses/:id/enroll',
    { preHandler: member, schema: { tags, params: ZCourseParams, response: { 200: ZEnrolment, 201: ZEnrolment } } },
    async (request, reply) => {
      const { enrolment, created } = await learning.enrol(currentUser(request), request.params.id);
      return reply.status(created ? 201 : 200).send(enrolment);
    },
  );

  app.get(
    '/api/user/enrollments',
    { preHandler: member, schema: { tags, response: { 200: ZEnrolmentList } } },
    async (request) => learning.enrolments(currentUser(request)),
  );

  app.get(
    '/api/courses/:id/progress',
    { preHandler: member, schema: { tags, params: ZCourseParams, response: { 200: ZProgress } } },
    async (request) => learning.progress(currentUser(request), request.params.id),
  );

  app.post(
    '/api/courses/:id/lessons/:lessonId/complete',
    { preHandler: member, schema: { tags, params: ZLessonParams, response: { 200: ZProgress } } },
    async (request) => learning.complete(currentUser(request), request.params.id, request.params.lessonId),
  );

  app.post(
    '/api/courses/:id/lessons/:lessonId/progress',
    {
      preHandler: member,
      schema: {
        tags,
        summary: 'Report what the player saw of a video or text lesson; completes it once its facts are met',
        params: ZLessonParams,
        body: ZLessonBeat,
        response: { 200: ZProgress },
      },
    },
    async (request) => learning.beat(currentUser(request), request.params.id, request.params.lessonId, request.body),
  );

  app.put(
    '/api/courses/:id/position',
    { preHandler: member, schema: { tags, params: ZCourseParams, body: ZPositionInput, response: { 200: ZProgress } } },
    async (request) => learning.setPosition(currentUser(request), request.params.id, request.body),
  );

  app.get(
    '/api/courses/:id/reviews',
    {
      preHandler: coursesOpenToVisitors,
      schema: { tags, params: ZCourseParams, querystring: ZCourseReviewsQuery, response: { 200: ZCourseReviewList } },
    },
    async (request) => reviews.list(request.user, request.params.id, request.query.page),
  );

  app.put(
    '/api/courses/:id/review',
    {
      preHandler: member,
      schema: { tags, params: ZCourseParams, body: ZCourseReviewInput, response: { 200: ZCourseReview } },
    },
    async (request) => reviews.upsert(currentUser(request), request.params.id, request.body),
  );
}
